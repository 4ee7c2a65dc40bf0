// MARK: A touch's recognizers

extension Touch {
    /// Lets go of the region and the recognizers: the touch goes to the engine's pool, and nobody
    /// else holds it. With `keepingOrder`, its list of recognizers is kept as the order in which
    /// they may take it again (see ``join(_:)``); otherwise it is emptied, keeping its storage.
    func retire(keepingOrder: Bool) {
        live.value.region = nil
        if keepingOrder {
            // The list goes aside whole, and the touch's list takes the storage set aside last.
            swap(&live.value.gestureRecognizers, &order.value.list)
            live.value.gestureRecognizers.empty()
        } else {
            live.value.gestureRecognizers.empty()
            order.value.list.empty()
        }
        order.value.joined = 0
    }

    /// Lists `g`, which takes the touch. A touch back from the pool is taken, as a rule, by the
    /// same recognizers in the same order as in its last use (a finger landing where the last
    /// one did): the list kept from then comes back whole as the first of them takes the touch,
    /// and each of the others takes its place in it, with one comparison where an append costs
    /// a retain and a copy check (see `KeptOrder`). The first out of that order drops the rest.
    @inline(__always)
    func join(_ g: GestureRecognizer) {
        let joined = order.value.joined
        if joined < live.value.gestureRecognizers.count {
            if live.value.gestureRecognizers[joined] === g {
                order.value.joined = joined + 1
                return
            }
            live.value.gestureRecognizers.removeSubrange(joined...)
        } else if !order.value.list.isEmpty {
            if joined == 0 && order.value.list[0] === g {
                swap(&live.value.gestureRecognizers, &order.value.list)
                order.value.joined = 1
                return
            }
            order.value.list.empty()
        }
        live.value.gestureRecognizers.append(g)
        order.value.joined = live.value.gestureRecognizers.count
    }

    /// Drops what is left of the order kept from the touch's last use: once the touch has been
    /// offered, or before its list changes otherwise.
    @inline(__always)
    func dropKeptOrder() {
        let joined = order.value.joined
        if joined < live.value.gestureRecognizers.count { live.value.gestureRecognizers.removeSubrange(joined...) }
        if !order.value.list.isEmpty { order.value.list.empty() }
        order.value.joined = live.value.gestureRecognizers.count
    }

    /// Takes `r` out of the touch's list.
    func remove(_ r: GestureRecognizer) {
        dropKeptOrder()
        live.value.gestureRecognizers.removeAll { $0 === r }
        order.value.joined = live.value.gestureRecognizers.count
    }

    /// Empties the touch's list.
    func removeAllRecognizers() {
        dropKeptOrder()
        live.value.gestureRecognizers.removeAll()
        order.value.joined = 0
    }
}

/// The recognizers that took a pooled touch in its last use, in the order they took it, kept for
/// its next use (see `Touch.join(_:)`): the same fingers landing on the same regions are taken
/// by the same recognizers in the same order.
struct KeptOrder {
    /// The list set aside when the touch retired; then, once it has come back to the touch, the
    /// storage of the touch's old list, empty, set aside for its next retirement.
    var list: [GestureRecognizer] = []
    /// How many recognizers of the touch's list have taken it: the rest of the list, while the
    /// touch is being offered, is the order kept, not yet taken up again.
    var joined = 0
    /// The engine's count of recognizers detached (`GestureEngine.detachments`) when the touch
    /// began: one detached since may be in its list, which is then not kept.
    var detachments = 0
}

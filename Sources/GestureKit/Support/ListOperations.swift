// The engine's lists of touches and recognizers are changed on every landing and lifting frame:
// these operations keep their storage and skip the standard library's general paths where those
// cost more for the few elements such a list holds.

extension Array {
    /// Empties a list, keeping its storage. `removeAll(keepingCapacity:)` goes through the general
    /// `replaceSubrange` even for an empty list (about 80 instructions); an input buffer, emptied
    /// for every recognizer a landing or lifting touch reaches, mostly holds nothing or a touch or
    /// two, which leave from the end one at a time (a 1-finger landing frame through the
    /// 24-recognizer graph: 54,561 → 50,048 instructions). Longer lists take the general path,
    /// which costs less per element. An empty list costs only the test, made where the call is.
    @inline(__always)
    mutating func empty() {
        if !isEmpty { emptyNonEmpty() }
    }

    /// Puts this list, a queue taken out for a call, back into `queue`, emptied (its storage kept
    /// for the next use), unless the call queued more there meanwhile, which stays.
    @inline(__always)
    mutating func putBack(into queue: inout Self) {
        guard queue.isEmpty else { return }
        empty()
        swap(&self, &queue)
    }

    private mutating func emptyNonEmpty() {
        if count > 2 {
            removeAll(keepingCapacity: true)
        } else {
            while !isEmpty { removeLast() }
        }
    }

    /// Removes the elements `gone` picks, keeping the others in order and the storage. The kept
    /// ones are swapped forward and the rest dropped from the end, one at a time when they are
    /// few (`removeAll(where:)` and `removeSubrange` go through the general `replaceSubrange`,
    /// which costs more for one or two elements and less for ten).
    mutating func prune(where gone: (Element) -> Bool) {
        var kept = 0
        var i = 0
        while i < count {
            if !gone(self[i]) {
                if i != kept { swapAt(i, kept) }
                kept += 1
            }
            i += 1
        }
        if count - kept > 2 {
            removeSubrange(kept...)
        } else {
            while count > kept { removeLast() }
        }
    }
}

extension Array where Element: AnyObject {
    /// Whether the list holds `object` itself, each element borrowed rather than retained.
    func contains(identical object: Element) -> Bool {
        let span = span
        for i in span.indices where span[i] === object { return true }
        return false
    }
}

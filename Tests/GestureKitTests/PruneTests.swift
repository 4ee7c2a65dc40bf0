@testable import GestureKit
import Testing

@Suite("Pruning a list in place")
struct PruneTests {
    final class Item {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test("prune(where:) keeps what removeAll(where:) keeps, in the same order, for every pattern of up to 12 elements")
    func sameAsRemoveAll() {
        for n in 0...12 {
            for mask in 0..<(1 << n) {
                let items = (0..<n).map(Item.init)
                var expected = items
                expected.removeAll { mask & (1 << $0.id) != 0 }
                var pruned = items
                pruned.prune { mask & (1 << $0.id) != 0 }
                #expect(pruned.map(\.id) == expected.map(\.id), "n \(n), mask \(mask)")
            }
        }
    }

    @Test("empty() empties short and long lists and keeps their storage")
    func emptyKeepsStorage() {
        for n in [0, 1, 2, 3, 10] {
            var list = (0..<n).map(Item.init)
            list.reserveCapacity(32)
            let capacity = list.capacity
            list.empty()
            #expect(list.isEmpty, "n \(n)")
            #expect(list.capacity == capacity, "n \(n)")
        }
    }

    @Test("prune(where:) keeps the list's storage, with a short tail and a long one")
    func keepsStorage() {
        var list = (0..<10).map(Item.init)
        list.reserveCapacity(32)
        let capacity = list.capacity
        list.prune { $0.id % 3 == 0 }
        #expect(list.map(\.id) == [1, 2, 4, 5, 7, 8])
        #expect(list.capacity == capacity)
        list.prune { $0.id == 8 }
        #expect(list.map(\.id) == [1, 2, 4, 5, 7])
        #expect(list.capacity == capacity)
        list.prune { _ in true }
        #expect(list.isEmpty)
        #expect(list.capacity == capacity)
    }
}

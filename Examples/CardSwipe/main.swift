// CardSwipe: a card dragged by a DirectionalSwipeGestureRecognizer. The card follows the
// finger; dragged back past where it started it "bounces" (moves at half speed); lifted while
// moving the wrong way before it has gone 32 points it snaps back; otherwise it is thrown off.
//
// Run without arguments (or with --script) to play the built-in touch script.
import ExampleSupport
import Foundation
import GestureKit

guard CommandLine.arguments.dropFirst().allSatisfy({ $0 == "--script" }) else {
    print("usage: CardSwipe [--script]")
    exit(2)
}

// The swipe measures in its "superview": the parent of the region it is attached to. Here the
// card lies on a table, and progress is the travel as a fraction of the table's width.
let engine = GestureEngine(screen: Rect(x: 0, y: 0, width: 1000, height: 600))
let table = Region(frame: engine.root.bounds, name: "table")
let card = Region(frame: Rect(x: 350, y: 150, width: 300, height: 300), name: "card")
engine.root.addChild(table)
table.addChild(card)

/// The swipe's delegate hears start, update, cancel and finish, and answers two questions:
/// whether progress is halved now (bounce) and whether lifting now cancels.
final class CardController: DirectionalSwipeGestureRecognizerDelegate {
    let card: Region
    let home: Point
    private var direction: SwipeDirection = []
    private var bouncing = false
    init(card: Region) { self.card = card; home = card.frame.origin }

    /// Bounce while the card is behind where it started. (Not `progress` here: progress asks this.)
    func swipeShouldBounce(_ swipe: DirectionalSwipeGestureRecognizer) -> Bool {
        let u = swipe.initialDirection.unitVector
        return swipe.translation.x * u.x + swipe.translation.y * u.y < 0
    }
    // swipeShouldCancel is left to its default: moving back before `cancelDistance` (32 points).

    func swipeDidStart(_ swipe: DirectionalSwipeGestureRecognizer) {
        direction = swipe.currentDirection
        print("  card: swipe started \(swipe.initialDirection)")
    }
    func swipeDidUpdate(_ swipe: DirectionalSwipeGestureRecognizer) {
        let progress = swipe.progress          // halved while swipeShouldBounce says so
        let u = swipe.initialDirection.unitVector
        let extent = u.x != 0 ? swipe.superview?.frame.width : swipe.superview?.frame.height
        card.frame.origin = home + u * (progress * (extent ?? 0))
        if swipe.currentDirection != direction {
            direction = swipe.currentDirection
            print("  card: now moving \(direction), progress \(fixed(progress))")
        }
        if swipeShouldBounce(swipe) != bouncing {
            bouncing.toggle()
            print(bouncing ? "  card: behind its origin, bouncing: progress \(fixed(progress))" : "  card: over its origin again")
        }
    }
    func swipeDidCancel(_ swipe: DirectionalSwipeGestureRecognizer) {
        card.frame.origin = home
        print("  card: cancelled, snaps back to \(card.frame.origin)")
    }
    func swipeDidFinish(_ swipe: DirectionalSwipeGestureRecognizer) {
        print("  card: finished \(swipe.initialDirection) at progress \(fixed(swipe.progress)), card at \(card.frame.origin): thrown off")
        card.frame.origin = home                // and the next card takes its place
    }
}

let swipe = DirectionalSwipeGestureRecognizer()
let controller = CardController(card: card)    // the delegate is held weakly: keep it alive
swipe.swipeDelegate = controller
card.addGestureRecognizer(swipe)

let screen = ScriptedTouchscreen(engine: engine)
print("> drag right 300 points and lift")
screen.press([1: Point(x: 500, y: 300)]); screen.drag([1: Point(x: 300, y: 0)], steps: 10); screen.release([1])
print("> drag right 100, back left 200 (past the origin), right again 250, lift")
screen.press([1: Point(x: 500, y: 300)])
screen.drag([1: Point(x: 100, y: 0)], steps: 5)
screen.drag([1: Point(x: -200, y: 0)], steps: 10)
screen.drag([1: Point(x: 250, y: 0)], steps: 10)
screen.release([1])
print("> drag right 20, back 10, lift")
screen.press([1: Point(x: 500, y: 300)])
screen.drag([1: Point(x: 20, y: 0)], steps: 2)
screen.drag([1: Point(x: -10, y: 0)], steps: 1)
screen.release([1])

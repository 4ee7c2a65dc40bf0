@testable import GestureKit
import Testing

/// Sequences the reentrant mode of the invariant checker (input sent from inside callbacks) found,
/// minimized. Each failed on the engine before its fix; the comments say what went wrong then.
/// The graph, the delegates' answers and the callbacks' input
/// come from the seed (input from recognizers' own `touchesBegan`, `touchesEnded` and
/// `touchesCancelled` off, as by default); the steps are the input (see ``InvariantRun``).
@Suite struct ReentrantSequencesTests {
    /// A tap asks to end in its `touchesEnded`; the arbiter asks a delegate whether another must
    /// fail first, and the delegate unplugs the touchscreen. The nested cycle hands the tap its
    /// queued lift again: `hearInput` (GestureEngine+Cycle.swift) empties a recognizer's
    /// began, ended and cancelled buffers only after its hook returns, so a cycle nested in the
    /// hook hands the same touches a second time (a recognizer sending input from its own
    /// `touchesBegan` or `touchesEnded` meets it in about one sequence in eight).
    ///
    /// Found as: step 1: 0:HookedTap: touch 1: touchesEnded after it ended or was cancelled there
    @Test func queuedTouchesHandedOnceWhenAHookNestsACycle() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 681, 597)]),
            .frame(1, ms: 10, [Contact(1, .ended, 681, 597)]),
        ]
        let violation = InvariantRun.replay(seed: 0x47d, mode: .reentrant, steps: steps, ownTouchHookInput: false)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// Finger 2 lands; a delegate asked `shouldReceive` for it sends its lift. The recognizers
    /// hear it begin and end, but the handler of its region hears it begin (delivered at the end
    /// of the outer frame, phase already `ended`) and never end: the touch joins the engine's
    /// touches in delivery (`begin`, GestureEngine+Input.swift) only after the offer, so the
    /// nested cycle that ended it did not deliver it.
    ///
    /// Found as: step 2: touch 2 began at its handler and never ended or was cancelled
    @Test func touchLiftedWhileOfferedEndsAtItsHandler() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 647, 242)]),
            .frame(1, ms: 10, [Contact(1, .moved, 666, 244), Contact(2, .began, 252, 245)]),
        ]
        let violation = InvariantRun.replay(seed: 0x396, mode: .reentrant, steps: steps, ownTouchHookInput: false)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// A delegate asked (from the arbiter) sends a touchpad pinch's begin; while that begin is
    /// offered, the pinch's delegate, asked `shouldReceive(gesture)`, lands a finger, and a
    /// delegate asked in that nested cycle sends the pinch's end. The sequence is listed among the
    /// engine's touchpad gestures only after its offer (`handleNow`, GestureEngine+Touchpad.swift):
    /// the end finds no sequence and is dropped, the begin then lists it, and the pinch follows a
    /// gesture that never ends. Unplugging the touchpad, or `cancelAllTouches()`, from the same
    /// question misses it the same way (the touchpad analogue of the landing touch made active
    /// before it is offered).
    ///
    /// Found as: step 2: 8:HookedPinch still takes part after every finger lifted (touches: ["2 began"])
    @Test func touchpadEndSentWhileTheBeginIsOfferedEndsIt() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 2, 572)]),
            .frame(1, ms: 10, [Contact(1, .moved, 23, 577)]),
        ]
        let violation = InvariantRun.replay(seed: 0xcd, mode: .reentrant, steps: steps, ownTouchHookInput: false)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// The same, with the touchpad unplugged by the delegate asked `shouldReceive(gesture)` about
    /// the begin: the rotation stays with a sequence of a device that is gone.
    ///
    /// Found as: step 2: 9:HookedRotation is left failed after every finger lifted and every deadline passed
    @Test func touchpadUnpluggedWhileTheBeginIsOfferedCancelsIt() {
        let steps: [Step] = [
            .frame(1, ms: 2, [Contact(1, .began, 936, 290)]),
            .frame(1, ms: 6, [Contact(1, .moved, 927, 315), Contact(2, .began, 664, 111)]),
        ]
        let violation = InvariantRun.replay(seed: 0x58f, mode: .reentrant, steps: steps, ownTouchHookInput: false)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// Pan 6 asks to begin; the arbiter asks its delegate whether it requires the swipe (10) to
    /// fail, and the delegate lifts a touchpad finger. In that nested cycle the swipe hears its
    /// finger's motion and fails; the delegate then answers yes, and `attempt`/`mustWait`
    /// (Arbiter.swift) make the pan wait on the swipe, which has already failed: nothing releases
    /// it, and it stays `possible` with `began` pending after every finger lifted, offered no touch
    /// again. The guard added for the same race (`stillDeciding`) checks the recognizer asked
    /// about, not the one it would wait on.
    ///
    /// Found as: step 8: 6:HookedPan still waits to become began after every finger lifted
    @Test func noWaitOnARequirementThatFailedWhileAsked() {
        let steps: [Step] = [
            .frame(2, ms: 2, [Contact(1, .began, 507, 170)]),
            .frame(1, ms: 10, [Contact(2, .began, 100, 208), Contact(3, .began, 488, 422)]),
            .frame(1, ms: 10, [Contact(2, .moved, 89, 185)]),
            .frame(1, ms: 10, [Contact(2, .ended, 89, 185), Contact(3, .moved, 511, 444)]),
            .frame(1, ms: 10, [Contact(3, .moved, 515, 445)]),
            .frame(1, ms: 10, [Contact(3, .moved, 234, 468)]),
            .frame(1, ms: 10, [Contact(3, .ended, 234, 468), Contact(4, .began, 627, 223)]),
            .frame(1, ms: 10, [Contact(4, .moved, 637, 251)]),
        ]
        let violation = InvariantRun.replay(seed: 0x13f3, mode: .reentrant, steps: steps, ownTouchHookInput: false)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// Finger 5 lands and pan 6 begins on finger 3's motion; a delegate asked whether the swipe
    /// may recognize with it lifts finger 5 five points away (a lift that carries motion). In the
    /// nested cycle the pinch hears that motion and begins; a delegate asked about it sends a
    /// touchpad begin, whose cycle (`handleNow`, GestureEngine+Touchpad.swift, which calls
    /// `finishCycle` without handing out the motion not heard yet) prunes the lifted finger from
    /// the recognizers the loop has not reached: the pan then hears the lift without its motion.
    /// (The fix for a frame sent during the hooks' loop covers `dispatchAndFinishCycle`, not
    /// this path.)
    ///
    /// Found as: step 1: 6:HookedPan: touch 5: touchesEnded without the motion its lift carried
    @Test func liftMotionHeardWhenATouchpadEventNestsInTheHooksLoop() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 561, 385), Contact(2, .began, 994, 287), Contact(3, .began, 185, 118), Contact(4, .began, 999, 241)]),
            .frame(1, ms: 10, [Contact(1, .ended, 561, 385), Contact(2, .moved, 999, 282), Contact(3, .moved, 171, 125), Contact(5, .began, 87, 256)]),
        ]
        let violation = InvariantRun.replay(seed: 0x432, mode: .reentrant, steps: steps, ownTouchHookInput: false)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// With recognizers' own hooks sending input too. A tap's `touchesBegan` begins a touchpad
    /// swipe; the pan that takes it sends an update from its `touchpadGesture` (waiting its turn,
    /// as one is being handed out), and then the cycle the swipe's begin ran (its end, nested in
    /// the tap's loop) let a long press's `touchesBegan` send another update, which was handled
    /// at once, before the first: the pan heard update 3 before update 2. An event sent while
    /// others wait their turn now waits behind them.
    ///
    /// Found as: step 5: 7:HookedPan: touchpad sequence 4: event 2 (update) heard after event 3
    @Test func touchpadEventsWaitBehindThoseWaiting() {
        let steps: [Step] = [
            .frame(1, ms: 9, [Contact(1, .began, 46, 144)]),
            .frame(1, ms: 10, [Contact(1, .moved, 64, 146)]),
            .frame(1, ms: 10, [Contact(1, .ended, 64, 146)]),
            .frame(1, ms: 10, [Contact(2, .began, 197, 370)]),
            .frame(1, ms: 10, [Contact(2, .cancelled, 197, 370)]),
            .frame(1, ms: 10, [Contact(3, .began, 369, 476)]),
        ]
        let violation = InvariantRun.replay(seed: 0x9552d82d00, mode: .reentrant, steps: steps, ownTouchHookInput: true)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// The same cause, seen as a rotation left holding a touch after every finger lifted: the
    /// touchpad events handled out of turn left it following a touch whose end it never heard.
    ///
    /// Found as: step 10: 9:HookedRotation still takes part after every finger lifted
    @Test func noRecognizerLeftHoldingATouchWhenTouchpadEventsInterleave() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 510, 593)]),
            .frame(1, ms: 3, [Contact(1, .moved, 249, 599)]),
            .frame(2, ms: 10, [Contact(2, .began, 324, 369)]),
            .frame(1, ms: 9, [Contact(1, .moved, 240, 599)]),
            .frame(2, ms: 1, [Contact(2, .ended, 324, 369), Contact(3, .began, 415, 227)]),
            .frame(1, ms: 10, [Contact(1, .moved, 257, 596), Contact(4, .began, 86, 579), Contact(5, .began, 924, 436), Contact(6, .began, 337, 541), Contact(7, .began, 675, 282)]),
            .cancelAll(ms: 10),
            .frame(1, ms: 10, [Contact(8, .began, 896, 291)]),
            .frame(2, ms: 4, [Contact(9, .began, 681, 259), Contact(10, .began, 574, 170), Contact(11, .began, 538, 13)]),
            .frame(1, ms: 10, [Contact(12, .began, 407, 6)]),
        ]
        let violation = InvariantRun.replay(seed: 0x9552d9979f, mode: .reentrant, steps: steps, ownTouchHookInput: true)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// A rotation begins and excludes a pan, which fails; releasing that pan's waiters asks
    /// another pan's `shouldRequireFailure(of:)`, which cancels every touch. In the nested
    /// cycle the waiting pan fails and resets; the answer (yes) then failed it again, outside any
    /// sequence, and it was left `failed`. A waiter is now acted on only if it still waits as it
    /// did (`Arbiter.releaseWaiters`).
    ///
    /// Found as: step 5: 6:HookedPan is left failed after every finger lifted and every deadline passed
    @Test func waiterResetWhileAskedIsNotFailed() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 719, 326)]),
            .wait(ms: 988),
            .frame(1, ms: 10, [Contact(1, .moved, 742, 334), Contact(2, .began, 869, 60)]),
            .frame(1, ms: 10, [Contact(3, .began, 587, 102), Contact(4, .began, 8, 394), Contact(5, .began, 864, 339), Contact(6, .began, 840, 255)]),
            .frame(1, ms: 10, [Contact(4, .moved, 0, 233)]),
        ]
        let violation = InvariantRun.replay(seed: 0x9552da9bbf, mode: .reentrant, steps: steps, ownTouchHookInput: true)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// A touchpad swipe's cancel and a new begin, sent from delegates while an update was being
    /// handed out, waited their turn; meanwhile a recognizer's `touchesBegan` unplugged the
    /// touchpad and a delegate plugged it again. The waiting begin was then handled on the
    /// device plugged anew, and the engine held a gesture its host had ended (by unplugging).
    /// Events waiting their turn now go with their device when it is removed, and with
    /// everything else on `cancelAllTouches()`.
    ///
    /// Found as: step 10: the engine holds a touchpad gesture after it ended
    @Test func waitingTouchpadEventsGoWithTheirDevice() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 830, 521), Contact(2, .began, 0, 268), Contact(3, .began, 396, 267)]),
            .frame(1, ms: 6, [Contact(2, .moved, 11, 254), Contact(3, .moved, 375, 258), Contact(4, .began, 812, 94)]),
            .frame(2, ms: 7, [Contact(5, .began, 736, 370)]),
            .pad(ms: 10, .swipe, .begin, fingers: 3),
            .frame(2, ms: 6, [Contact(5, .moved, 750, 350)]),
            .frame(2, ms: 10, [Contact(5, .moved, 754, 354)]),
            .frame(2, ms: 10, [Contact(5, .moved, 763, 373)]),
            .add(1, ms: 10),
            .frame(1, ms: 10, [Contact(12, .began, 668, 84)]),
            .frame(1, ms: 10, [Contact(12, .moved, 688, 70)]),
        ]
        let violation = InvariantRun.replay(seed: 0x95ca144617, mode: .reentrant, steps: steps, ownTouchHookInput: true)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// A long press that had heard its finger lift and still took part (waiting for its tap's
    /// next press) takes a new finger; the engine's list of the recognizers that hear motion had
    /// been rebuilt without it (it followed no finger then) on another finger's frames, and the
    /// landing did not mark that list stale: the long press heard the new finger's motion only
    /// at its lift, from inside whose delivery a handler lifted it. Seen once
    /// `Touch.previousLocation` changes only when a touch moves; the old value hid it.
    ///
    /// Found as: step 5: 5:HookedLongPress: touch 4: touchesEnded without the motion its lift carried
    @Test func motionReachesAParticipantThatTakesAFingerAgain() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 807, 528)]),
            .frame(1, ms: 10, [Contact(1, .moved, 783, 549), Contact(2, .began, 529, 29)]),
            .frame(1, ms: 2, [Contact(1, .moved, 910, 466)]),
            .frame(1, ms: 0, [Contact(4, .began, 1, 584)]),
            .frame(1, ms: 10, [Contact(4, .moved, 17, 581)]),
        ]
        let violation = InvariantRun.replay(seed: 0xa2fb40a45f, mode: .reentrant, steps: steps, ownTouchHookInput: true)
        #expect(violation == nil, "\(violation ?? "")")
    }

    /// The same cause, found from another seed: the long press heard its finger lift in a frame of
    /// its own, then took a new finger after another finger's motion.
    ///
    /// Found as: step 6: 5:HookedLongPress: touch 5: touchesEnded without the motion its lift carried
    @Test func motionReachesAParticipantThatTakesAFingerAgainAfterALift() {
        let steps: [Step] = [
            .frame(1, ms: 10, [Contact(1, .began, 527, 524), Contact(2, .began, 977, 367), Contact(3, .began, 124, 205)]),
            .frame(1, ms: 10, [Contact(1, .moved, 505, 534)]),
            .frame(1, ms: 7, [Contact(2, .ended, 977, 367)]),
            .frame(1, ms: 10, [Contact(1, .moved, 511, 513)]),
            .frame(1, ms: 10, [Contact(6, .began, 618, 427)]),
            .frame(1, ms: 2, [Contact(6, .moved, 602, 424)]),
        ]
        let violation = InvariantRun.replay(seed: 0xa2fb407228, mode: .reentrant, steps: steps, ownTouchHookInput: true)
        #expect(violation == nil, "\(violation ?? "")")
    }
}

import Foundation
import Glibc
import Testing

/// `gesture-demo devices --json` as docs/troubleshooting.md describes it ("no touch devices"): a
/// `--device` node that opens but that libinput does not take as an input device (`/dev/null`)
/// "is `libinput did not accept /dev/null as an input device`, which `devices` also lists (with
/// the hint "libinput did not accept the device"; with `--json`, `"access":"rejected"`)".
@Suite("gesture-demo devices --json: the access of a node libinput rejects")
struct DevicesJSONAccessTests {
    @Test("devices --json lists /dev/null with \"access\":\"rejected\", as the troubleshooting guide says")
    func rejectedNodeAccessInJSON() throws {
        let run = try DemoRun.run(["devices", "--device", "/dev/null", "--json"])
        #expect(run.status == 5, "exit status \(run.status)")
        let objects = try run.stdout.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let object = objects.first { $0["node"] as? String == "/dev/null" }
        #expect(object != nil, "\(run.stdout)")
        #expect(object?["hint"] as? String == "libinput did not accept the device", "\(run.stdout)")
        // A stable word, not the Swift enum case's description ("failed(errno: 0)").
        #expect(object?["access"] as? String == "rejected", "\(run.stdout)")
    }

    @Test("devices --seat with --device is a usage error, as it is for live, not a seat silently ignored")
    func seatWithDevice() throws {
        let run = try DemoRun.run(["devices", "--seat", "seat1", "--device", "/dev/null"])
        #expect(run.status == 64, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("--seat seat1 and --device exclude each other"), "\(run.stderr)")
    }

    @Test("the access of a node that could not be opened is a stable word, its errno apart")
    func failedNodeAccessInJSON() throws {
        let run = try DemoRun.run(["devices", "--device", "/dev/input/event99", "--json"])
        let objects = try run.stdout.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let object = objects.first { $0["node"] as? String == "/dev/input/event99" }
        #expect(object?["access"] as? String == "failed", "\(run.stdout)")
        #expect(object?["errno"] as? Int == Int(ENOENT), "\(run.stdout)")
    }
}

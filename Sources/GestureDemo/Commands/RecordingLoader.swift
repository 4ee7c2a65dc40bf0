import Foundation
import GestureKitEvdev

/// Where the demo finds recordings.
enum RecordingLoader {
    /// Reads a recording in either format (``RecordingReader`` tells them apart by content).
    static func load(_ path: String) throws(EvdevError) -> Recording {
        try RecordingReader.read(contentsOf: path)
    }

    /// The bundled tour recording.
    static var tourPath: String? {
        Bundle.module.path(forResource: "tour", ofType: "yaml", inDirectory: "Resources")
    }
}

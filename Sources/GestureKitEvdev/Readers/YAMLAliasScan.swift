/// Finds YAML aliases (`*name`) before the text is composed.
///
/// An alias repeats the node its anchor names, so a few hundred bytes of nested aliases stand for
/// billions of nodes: walking them, or hashing one used as a mapping key while composing, would
/// take time and memory without bound. `libinput record` never writes anchors or aliases, so
/// ``LibinputRecordReader`` refuses them, and this scan runs first, in one pass over the bytes.
///
/// The scan follows just enough of YAML to tell an alias from a `*` inside text: it skips
/// comments and quoted scalars, and takes a `*` for an alias only where a node can start — at the
/// start of a line, after `[`, `{` or `,`, or after `-`, `:` or `?` and a blank — and only when a
/// name follows. A `*` inside a plain scalar (`name: Foo *Bar`) is text.
enum YAMLAliasScan {
    /// The first alias of `text`: its 1-based line and its text (`*name`), or `nil` without any.
    static func firstAlias(in text: String) -> (line: Int, alias: String)? {
        // Most files have no `*` at all: one quick search settles them.
        guard text.utf8.firstIndex(of: UInt8(ascii: "*")) != nil, let line = lineOfFirstAlias(in: text) else { return nil }
        // Found: the slow way to its text, once. Lines are split on the byte, as the scan counts
        // them: a CRLF file's "\r\n" is one Character, which a split on "\n" would not find.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard line - 1 < lines.count else { return (line, "*") }
        let lineText = String(decoding: lines[line - 1], as: UTF8.self)
        var alias = ""
        for word in lineText.split(whereSeparator: { " \t\r,[]{}".contains($0) }) where word.hasPrefix("*") && word.count > 1 {
            alias = String(word.prefix(64))
            break
        }
        return (line, alias.isEmpty ? "*" : alias)
    }

    /// The 1-based line of the first alias. The bytes are compared with constants, not through
    /// helpers, so that the pass is quick unoptimized too.
    private static func lineOfFirstAlias(in text: String) -> Int? {
        // The bytes that matter, by value.
        let newline: UInt8 = 0x0A, space: UInt8 = 0x20, tab: UInt8 = 0x09, cr: UInt8 = 0x0D
        let star: UInt8 = 0x2A, hash: UInt8 = 0x23, dquote: UInt8 = 0x22, squote: UInt8 = 0x27
        let backslash: UInt8 = 0x5C, comma: UInt8 = 0x2C, dash: UInt8 = 0x2D, colon: UInt8 = 0x3A
        let question: UInt8 = 0x3F, openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
        let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D

        var state = State.plain
        var line = 1
        // The last byte of the current line, outside comments and quotes, that is not blank; 0 at
        // the start of a line.
        var previous: UInt8 = 0
        var blankBefore = true
        var escaped = false
        var quotePending = false
        var starAtNodeStart = false

        for c in text.utf8 {
            let blank = c == space || c == tab || c == cr || c == newline
            if starAtNodeStart {
                starAtNodeStart = false
                // `*` then a name is an alias; a lone `*` is text.
                if !blank && c != comma && c != closeBracket && c != closeBrace { return line }
            }
            switch state {
            case .plain:
                break
            case .comment:
                if c == newline {
                    state = .plain
                    line += 1
                    previous = 0
                    blankBefore = true
                }
                continue
            case .doubleQuoted:
                if c == newline { line += 1 }
                if escaped {
                    escaped = false
                } else if c == backslash {
                    escaped = true
                } else if c == dquote {
                    state = .plain
                    previous = c
                    blankBefore = false
                }
                continue
            case .singleQuoted:
                if c == newline { line += 1 }
                if !quotePending {
                    if c == squote { quotePending = true }
                    continue
                }
                // `''` is a quote inside the scalar; a lone `'` ended it.
                quotePending = false
                if c == squote { continue }
                state = .plain
                previous = squote
                blankBefore = false
            }
            if blank {
                if c == newline {
                    line += 1
                    previous = 0
                }
                blankBefore = true
                continue
            }
            if c == hash && blankBefore {
                state = .comment
                continue
            }
            let nodeStart =
                previous == 0 || previous == openBracket || previous == openBrace || previous == comma
                || (blankBefore && (previous == dash || previous == colon || previous == question))
            if nodeStart {
                if c == star {
                    starAtNodeStart = true
                } else if c == dquote {
                    state = .doubleQuoted
                    continue
                } else if c == squote {
                    state = .singleQuoted
                    continue
                }
            }
            previous = c
            blankBefore = false
        }
        return nil
    }

    private enum State { case plain, comment, doubleQuoted, singleQuoted }
}

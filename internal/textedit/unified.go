package textedit

import (
	"strconv"
	"strings"
)

// contextLines is the number of unchanged lines shown around each change,
// the default of `diff -u` and what patch(1) expects.
const contextLines = 3

// noNewline is the marker GNU diff prints after a line that lacks a final
// newline, so that patch(1) can reproduce the missing newline exactly.
const noNewline = "\\ No newline at end of file\n"

// Unified returns a unified diff (as `diff -u` prints it, 3 lines of
// context, hunks merged when their contexts touch or overlap) of old and
// new, with header lines "--- oldLabel\n+++ newLabel\n". It returns "" when
// old == new.
//
// The hunk header is "@@ -l,s +l,s @@" where, as in GNU diff, a range of
// length 1 is printed as just "l" and an empty range as "l,0" with l the
// number of the line before the range (0 at the start of the file). Lines
// missing a final newline are followed by "\ No newline at end of file".
//
// The output follows GNU diff byte for byte (apart from the timestamps GNU
// diff appends to the labels) so that users can feed it to patch(1) and
// compare it with what other tools print. The line-level edit script is
// minimal, computed with Myers' algorithm; where several minimal scripts
// exist, the choice may differ from GNU diff's.
func Unified(oldLabel, newLabel, old, new string) string {
	if old == new {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	changes := lineChanges(a, b)
	if len(changes) == 0 {
		return "" // unreachable: old != new implies some line differs
	}

	var sb strings.Builder
	sb.WriteString("--- " + oldLabel + "\n")
	sb.WriteString("+++ " + newLabel + "\n")

	for len(changes) > 0 {
		// A hunk takes consecutive changes as long as the unchanged gap
		// between them is at most 2*contextLines: then the trailing
		// context of one and the leading context of the next touch or
		// overlap, and GNU diff prints them as a single hunk.
		n := 1
		for n < len(changes) && changes[n].a0-changes[n-1].a1 <= 2*contextLines {
			n++
		}
		writeHunk(&sb, a, b, changes[:n])
		changes = changes[n:]
	}
	return sb.String()
}

// writeHunk writes one hunk covering the given changes and their context.
func writeHunk(sb *strings.Builder, a, b []string, changes []change) {
	first, last := changes[0], changes[len(changes)-1]
	// Context is unchanged text, so it is the same number of lines on
	// both sides; it is cut short only by the start or end of the file.
	before := min(contextLines, first.a0)
	after := min(contextLines, len(a)-last.a1)
	a0, a1 := first.a0-before, last.a1+after
	b0, b1 := first.b0-before, last.b1+after

	sb.WriteString("@@ -")
	sb.WriteString(formatRange(a0, a1))
	sb.WriteString(" +")
	sb.WriteString(formatRange(b0, b1))
	sb.WriteString(" @@\n")

	i := a0
	for _, c := range changes {
		for ; i < c.a0; i++ {
			writeLine(sb, ' ', a[i])
		}
		for _, l := range a[c.a0:c.a1] {
			writeLine(sb, '-', l)
		}
		for _, l := range b[c.b0:c.b1] {
			writeLine(sb, '+', l)
		}
		i = c.a1
	}
	for ; i < a1; i++ {
		writeLine(sb, ' ', a[i])
	}
}

// formatRange formats the 0-based half-open line range [lo, hi) the way GNU
// diff's unified format does: "start,count" with 1-based start, "start"
// alone when count is 1, and "before,0" for an empty range, where before
// is the 1-based number of the line preceding the range.
func formatRange(lo, hi int) string {
	switch hi - lo {
	case 0:
		// The 1-based number of the line before the range is lo.
		return strconv.Itoa(lo) + ",0"
	case 1:
		return strconv.Itoa(lo + 1)
	default:
		return strconv.Itoa(lo+1) + "," + strconv.Itoa(hi-lo)
	}
}

// writeLine writes one diff line: the prefix character and the line,
// followed by the no-newline marker if the line is the unterminated last
// line of its file.
func writeLine(sb *strings.Builder, prefix byte, line string) {
	sb.WriteByte(prefix)
	sb.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		sb.WriteString("\n" + noNewline)
	}
}

// splitLines splits s into lines, each keeping its "\n". A final line
// without a newline is kept as is, so "x" and "x\n" are different lines:
// that is how a change to only the final newline shows up in the diff.
func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	// SplitAfter ends with the empty string after a final newline.
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// Package textedit applies byte-offset edits to file contents and renders
// the difference between two texts as a unified diff.
//
// statuslint's standalone analysis driver needs both: analyzers report
// suggested fixes as byte-offset edits, which have to be merged (several
// analyzers may fix the same file), applied, and, under -diff, shown to the
// user in the format that `diff -u` and patch(1) understand. The packages in
// golang.org/x/tools that do this are internal and cannot be imported, so
// this package is an independent implementation (only FromAnalysis knows
// the analysis package's edit type).
//
// The Myers diff and the unified printer stay hand-written. A maintained
// package would have to become a dependency of the root module, which
// takes only the standard library, x/tools and the plugin register; and
// of the diff packages in the modules around it (the tools' and the
// example's graphs), gotextdiff and go-difflib are archived, sergi/go-diff
// diffs characters, not lines, and sourcegraph/go-diff parses and prints
// diffs without computing them; x/tools' own is internal, and go-cmp's
// report is not a patch. What the hand-written one gives instead is
// checked by its tests: minimal line diffs, hunks that patch(1) applies,
// and output byte-identical to GNU diff -u where a diff(1) is installed.
//
// It is statuslint's one edit engine: the driver's -fix and -diff, the
// check a fix makes of its own result (conditions), and the tests that
// compose the passes' fixes (internal/fixtest) all merge and apply edits
// here, so that they agree on what overlaps.
package textedit

import (
	"cmp"
	"fmt"
	"slices"
)

// Edit replaces the bytes [Start, End) of a file with New.
//
// Offsets are byte offsets into the original text, never into text that
// earlier edits produced, so that the edits of a list are independent of
// each other and can be sorted and merged freely. An Edit with Start == End
// is an insertion; one with New == "" is a deletion.
type Edit struct {
	Start, End int
	New        string
}

// Sort sorts edits by Start, then End, stably (so insertions at one offset
// keep their order).
//
// Stability matters because several insertions at the same offset are
// applied in list order: sorting must not reorder the text they produce.
// Ordering by End after Start puts an insertion at an offset before a
// replacement that starts there, which is the order Apply and Merge expect.
func Sort(edits []Edit) {
	slices.SortStableFunc(edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
}

// Merge combines two sorted, non-overlapping edit lists that each apply to
// the same original text, as a three-way merge does, and reports whether
// they could be combined without conflict. The result is sorted and
// non-overlapping, so it can be passed to Apply.
//
// The semantics (which other code relies on) are:
//   - identical edits (same Start, End, New) are coalesced into one, so two
//     analyzers proposing the same fix do not conflict;
//   - if x.End <= y.Start, x comes first (this includes an insertion at
//     y's start); symmetrically for y;
//   - if x starts before y and they overlap, x is split: a deletion
//     Edit{x.Start, y.Start, ""} is emitted and x continues from y.Start
//     (and symmetrically); the continuation is then compared with y again,
//     so it may still coalesce with it;
//   - otherwise (unequal edits at the same start that are not both handled
//     above) it is a conflict: Merge returns nil, false.
//
// Neither input is modified: splitting works on copies.
func Merge(x, y []Edit) ([]Edit, bool) {
	// Splitting an edit changes its Start, so work on copies rather than
	// surprising callers that keep using their slices.
	x = slices.Clone(x)
	y = slices.Clone(y)

	merged := make([]Edit, 0, len(x)+len(y))
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		ex, ey := &x[i], &y[j]
		switch {
		case *ex == *ey:
			merged = append(merged, *ex)
			i++
			j++
		case ex.End <= ey.Start:
			merged = append(merged, *ex)
			i++
		case ey.End <= ex.Start:
			merged = append(merged, *ey)
			j++
		case ex.Start < ey.Start:
			// Only x touches [ex.Start, ey.Start). Delete that part and
			// let the rest of x, which keeps x's new text, start where y
			// does, so the next iteration can coalesce or reject it.
			merged = append(merged, Edit{Start: ex.Start, End: ey.Start})
			ex.Start = ey.Start
		case ey.Start < ex.Start:
			merged = append(merged, Edit{Start: ey.Start, End: ex.Start})
			ey.Start = ex.Start
		default:
			// Same start, different replacements, neither an insertion
			// that can simply go first: there is no sensible combination.
			return nil, false
		}
	}
	merged = append(merged, x[i:]...)
	merged = append(merged, y[j:]...)
	return merged, true
}

// Apply applies sorted, non-overlapping edits to src and returns the
// result in a new slice; src is not modified.
//
// Edits come from analyzers, which may be buggy, so invalid input is
// reported as an error rather than a panic: an edit out of range of src,
// one with End < Start, or one that starts before the previous edit ends
// (which includes lists that are not sorted). Insertions at the offset
// where the previous edit ends are valid and are applied in list order.
func Apply(src []byte, edits []Edit) ([]byte, error) {
	// Validate everything first and size the output exactly, so the result
	// is built with a single allocation.
	size := len(src)
	lastEnd := 0
	for i, e := range edits {
		switch {
		case e.Start < 0 || e.End > len(src):
			return nil, fmt.Errorf("edit %d [%d, %d) is out of range of %d-byte text", i, e.Start, e.End, len(src))
		case e.End < e.Start:
			return nil, fmt.Errorf("edit %d [%d, %d) ends before it starts", i, e.Start, e.End)
		case e.Start < lastEnd:
			return nil, fmt.Errorf("edit %d [%d, %d) overlaps the previous edit, which ends at %d (edits must be sorted and non-overlapping)", i, e.Start, e.End, lastEnd)
		}
		size += len(e.New) - (e.End - e.Start)
		lastEnd = e.End
	}

	out := make([]byte, 0, size)
	pos := 0
	for _, e := range edits {
		out = append(out, src[pos:e.Start]...)
		out = append(out, e.New...)
		pos = e.End
	}
	out = append(out, src[pos:]...)
	return out, nil
}

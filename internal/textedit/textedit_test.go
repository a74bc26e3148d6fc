package textedit

import (
	"errors"
	"fmt"
	"go/token"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestSort(t *testing.T) {
	tests := []struct {
		name string
		in   []Edit
		want []Edit
	}{
		{"empty", nil, nil},
		{
			name: "by start",
			in:   []Edit{{5, 6, "c"}, {0, 1, "a"}, {2, 3, "b"}},
			want: []Edit{{0, 1, "a"}, {2, 3, "b"}, {5, 6, "c"}},
		},
		{
			name: "by end at equal start",
			in:   []Edit{{2, 4, "long"}, {2, 2, "ins"}, {2, 3, "short"}},
			want: []Edit{{2, 2, "ins"}, {2, 3, "short"}, {2, 4, "long"}},
		},
		{
			name: "insertions at one offset keep their order",
			in:   []Edit{{3, 3, "1"}, {0, 0, "z"}, {3, 3, "2"}, {3, 3, "3"}, {1, 2, ""}},
			want: []Edit{{0, 0, "z"}, {1, 2, ""}, {3, 3, "1"}, {3, 3, "2"}, {3, 3, "3"}},
		},
		{
			name: "equal ranges keep their order",
			in:   []Edit{{4, 6, "b"}, {4, 6, "a"}},
			want: []Edit{{4, 6, "b"}, {4, 6, "a"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := slices.Clone(tt.in)
			Sort(got)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Sort(%v) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestMerge(t *testing.T) {
	tests := []struct {
		name string
		x, y []Edit
		want []Edit // nil with ok == false means conflict
		ok   bool
	}{
		{"both empty", nil, nil, []Edit{}, true},
		{"x only", []Edit{{1, 2, "a"}}, nil, []Edit{{1, 2, "a"}}, true},
		{"y only", nil, []Edit{{1, 2, "a"}}, []Edit{{1, 2, "a"}}, true},
		{
			name: "disjoint interleaved",
			x:    []Edit{{0, 1, "a"}, {6, 7, "c"}},
			y:    []Edit{{3, 4, "b"}, {9, 10, "d"}},
			want: []Edit{{0, 1, "a"}, {3, 4, "b"}, {6, 7, "c"}, {9, 10, "d"}},
			ok:   true,
		},
		{
			name: "adjacent edits",
			x:    []Edit{{0, 2, "a"}},
			y:    []Edit{{2, 4, "b"}},
			want: []Edit{{0, 2, "a"}, {2, 4, "b"}},
			ok:   true,
		},
		{
			name: "identical edits coalesce",
			x:    []Edit{{1, 3, "same"}, {5, 5, "ins"}},
			y:    []Edit{{1, 3, "same"}, {5, 5, "ins"}},
			want: []Edit{{1, 3, "same"}, {5, 5, "ins"}},
			ok:   true,
		},
		{
			name: "identical edit among others",
			x:    []Edit{{0, 1, "a"}, {4, 6, "fix"}},
			y:    []Edit{{4, 6, "fix"}, {8, 9, "b"}},
			want: []Edit{{0, 1, "a"}, {4, 6, "fix"}, {8, 9, "b"}},
			ok:   true,
		},
		{
			name: "different insertions at one point: x first",
			x:    []Edit{{3, 3, "x"}},
			y:    []Edit{{3, 3, "y"}},
			want: []Edit{{3, 3, "x"}, {3, 3, "y"}},
			ok:   true,
		},
		{
			name: "x inserts at start of y's replacement",
			x:    []Edit{{3, 3, "x"}},
			y:    []Edit{{3, 5, "y"}},
			want: []Edit{{3, 3, "x"}, {3, 5, "y"}},
			ok:   true,
		},
		{
			name: "y inserts at start of x's replacement",
			x:    []Edit{{3, 5, "x"}},
			y:    []Edit{{3, 3, "y"}},
			want: []Edit{{3, 3, "y"}, {3, 5, "x"}},
			ok:   true,
		},
		{
			name: "x inserts at end of y's replacement",
			x:    []Edit{{5, 5, "x"}},
			y:    []Edit{{3, 5, "y"}},
			want: []Edit{{3, 5, "y"}, {5, 5, "x"}},
			ok:   true,
		},
		{
			name: "x partly before y: split into deletion and edit",
			x:    []Edit{{1, 5, "X"}},
			y:    []Edit{{3, 5, "X"}},
			want: []Edit{{1, 3, ""}, {3, 5, "X"}},
			ok:   true,
		},
		{
			name: "y partly before x: split into deletion and edit",
			x:    []Edit{{3, 5, "X"}},
			y:    []Edit{{1, 5, "X"}},
			want: []Edit{{1, 3, ""}, {3, 5, "X"}},
			ok:   true,
		},
		{
			name: "split remainder is an insertion inside the other edit",
			x:    []Edit{{5, 5, "a"}},
			y:    []Edit{{3, 8, "b"}},
			want: []Edit{{3, 5, ""}, {5, 5, "a"}, {5, 8, "b"}},
			ok:   true,
		},
		{
			name: "split then conflict",
			x:    []Edit{{1, 5, "X"}},
			y:    []Edit{{3, 5, "Y"}},
			want: nil,
			ok:   false,
		},
		{
			name: "conflict: different replacements at same start",
			x:    []Edit{{2, 4, "a"}},
			y:    []Edit{{2, 4, "b"}},
			want: nil,
			ok:   false,
		},
		{
			name: "conflict: different lengths at same start",
			x:    []Edit{{2, 4, "a"}},
			y:    []Edit{{2, 3, "a"}},
			want: nil,
			ok:   false,
		},
		{
			name: "conflict after successful prefix",
			x:    []Edit{{0, 1, "ok"}, {6, 8, "p"}},
			y:    []Edit{{0, 1, "ok"}, {6, 7, "q"}},
			want: nil,
			ok:   false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x0, y0 := slices.Clone(tt.x), slices.Clone(tt.y)
			got, ok := Merge(tt.x, tt.y)
			if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Merge(%v, %v) = %v, %v; want %v, %v", tt.x, tt.y, got, ok, tt.want, tt.ok)
			}
			if !reflect.DeepEqual(tt.x, x0) || !reflect.DeepEqual(tt.y, y0) {
				t.Errorf("Merge modified its inputs: x %v -> %v, y %v -> %v", x0, tt.x, y0, tt.y)
			}
		})
	}
}

// TestMergeApply checks that a successful merge, applied, contains both
// sides' changes when they touch disjoint text.
func TestMergeApply(t *testing.T) {
	src := []byte("0123456789")
	x := []Edit{{1, 2, "one"}, {5, 5, "+"}}
	y := []Edit{{5, 5, "+"}, {8, 10, ""}}
	merged, ok := Merge(x, y)
	if !ok {
		t.Fatalf("Merge(%v, %v) reported a conflict", x, y)
	}
	got, err := Apply(src, merged)
	if err != nil {
		t.Fatalf("Apply: %v", err)
	}
	if want := "0one234+567"; string(got) != want {
		t.Errorf("Apply(Merge) = %q, want %q", got, want)
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		edits   []Edit
		want    string
		wantErr string // substring of the error; "" means success
	}{
		{name: "no edits", src: "hello", want: "hello"},
		{name: "empty source insertion", src: "", edits: []Edit{{0, 0, "x"}}, want: "x"},
		{name: "insert at start", src: "world", edits: []Edit{{0, 0, "hello "}}, want: "hello world"},
		{name: "insert at end", src: "hello", edits: []Edit{{5, 5, "!"}}, want: "hello!"},
		{name: "delete", src: "hello world", edits: []Edit{{5, 11, ""}}, want: "hello"},
		{name: "replace", src: "hello world", edits: []Edit{{6, 11, "gophers"}}, want: "hello gophers"},
		{
			name:  "several",
			src:   "a b c d",
			edits: []Edit{{0, 1, "A"}, {2, 3, ""}, {4, 4, "(c)"}, {6, 7, "DD"}},
			want:  "A  (c)c DD",
		},
		{
			name:  "insertions at one offset in order",
			src:   "ac",
			edits: []Edit{{1, 1, "b"}, {1, 1, "B"}, {1, 2, "C"}},
			want:  "abBC",
		},
		{
			name:  "adjacent replacements",
			src:   "abcd",
			edits: []Edit{{0, 2, "x"}, {2, 4, "y"}},
			want:  "xy",
		},
		{name: "negative start", src: "abc", edits: []Edit{{-1, 1, ""}}, wantErr: "out of range"},
		{name: "end past text", src: "abc", edits: []Edit{{1, 4, ""}}, wantErr: "out of range"},
		{name: "start past text", src: "abc", edits: []Edit{{4, 4, "x"}}, wantErr: "out of range"},
		{name: "end before start", src: "abc", edits: []Edit{{2, 1, ""}}, wantErr: "ends before it starts"},
		{name: "overlap", src: "abcdef", edits: []Edit{{0, 3, "x"}, {2, 4, "y"}}, wantErr: "overlaps"},
		{name: "unsorted", src: "abcdef", edits: []Edit{{4, 5, "x"}, {0, 1, "y"}}, wantErr: "overlaps"},
		{name: "insertion inside previous edit", src: "abcdef", edits: []Edit{{1, 4, ""}, {2, 2, "y"}}, wantErr: "overlaps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.src)
			got, err := Apply(src, tt.edits)
			if string(src) != tt.src {
				t.Errorf("Apply modified its input: %q", src)
			}
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Apply(%q, %v) = %q, %v; want error containing %q", tt.src, tt.edits, got, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Apply(%q, %v): unexpected error %v", tt.src, tt.edits, err)
			}
			if string(got) != tt.want {
				t.Errorf("Apply(%q, %v) = %q, want %q", tt.src, tt.edits, got, tt.want)
			}
		})
	}
}

// numbered returns the lines "1\n".."n\n", with the lines whose 1-based
// numbers are keys of repl replaced.
func numbered(n int, repl map[int]string) string {
	var sb strings.Builder
	for i := 1; i <= n; i++ {
		if r, ok := repl[i]; ok {
			sb.WriteString(r)
		} else {
			sb.WriteString(strconv.Itoa(i) + "\n")
		}
	}
	return sb.String()
}

// unifiedTests have exactly one minimal diff, so their expected output is
// also what GNU diff prints (checked by TestUnifiedMatchesGNUDiff).
var unifiedTests = []struct {
	name     string
	old, new string
	want     string // without the two header lines
}{
	{
		name: "equal",
		old:  "a\nb\n",
		new:  "a\nb\n",
		want: "",
	},
	{
		name: "insert at start",
		old:  "a\nb\nc\nd\ne\n",
		new:  "x\na\nb\nc\nd\ne\n",
		want: "@@ -1,3 +1,4 @@\n+x\n a\n b\n c\n",
	},
	{
		name: "delete at end",
		old:  "a\nb\nc\nd\ne\n",
		new:  "a\nb\nc\nd\n",
		want: "@@ -2,4 +2,3 @@\n b\n c\n d\n-e\n",
	},
	{
		name: "change in middle",
		old:  numbered(9, nil),
		new:  numbered(9, map[int]string{5: "five\n"}),
		want: "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
	},
	{
		name: "two distant hunks",
		old:  numbered(20, nil),
		new:  numbered(20, map[int]string{2: "two\n", 18: ""}),
		want: "@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n" +
			"@@ -15,6 +15,5 @@\n 15\n 16\n 17\n-18\n 19\n 20\n",
	},
	{
		name: "two close hunks merged (contexts touch)",
		old:  numbered(20, nil),
		new:  numbered(20, map[int]string{5: "five\n", 12: "twelve\n"}),
		want: "@@ -2,14 +2,14 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n 11\n-12\n+twelve\n 13\n 14\n 15\n",
	},
	{
		name: "hunks separated by seven lines stay apart",
		old:  numbered(20, nil),
		new:  numbered(20, map[int]string{5: "five\n", 13: "thirteen\n"}),
		want: "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n" +
			"@@ -10,7 +10,7 @@\n 10\n 11\n 12\n-13\n+thirteen\n 14\n 15\n 16\n",
	},
	{
		name: "no trailing newline on either side",
		old:  "a\nb\nc",
		new:  "a\nb\nd",
		want: "@@ -1,3 +1,3 @@\n a\n b\n-c\n\\ No newline at end of file\n+d\n\\ No newline at end of file\n",
	},
	{
		name: "unterminated context line",
		old:  "a\nb\nc",
		new:  "x\nb\nc",
		want: "@@ -1,3 +1,3 @@\n-a\n+x\n b\n c\n\\ No newline at end of file\n",
	},
	{
		name: "newline added at end",
		old:  "a\nb",
		new:  "a\nb\n",
		want: "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n",
	},
	{
		name: "newline removed at end",
		old:  "a\nb\n",
		new:  "a\nb",
		want: "@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n",
	},
	{
		name: "empty old",
		old:  "",
		new:  "a\nb\n",
		want: "@@ -0,0 +1,2 @@\n+a\n+b\n",
	},
	{
		name: "empty new",
		old:  "a\n",
		new:  "",
		want: "@@ -1 +0,0 @@\n-a\n",
	},
	{
		name: "empty old, unterminated new",
		old:  "",
		new:  "a",
		want: "@@ -0,0 +1 @@\n+a\n\\ No newline at end of file\n",
	},
	{
		name: "single line changed",
		old:  "a\n",
		new:  "b\n",
		want: "@@ -1 +1 @@\n-a\n+b\n",
	},
}

func TestUnified(t *testing.T) {
	for _, tt := range unifiedTests {
		t.Run(tt.name, func(t *testing.T) {
			got := Unified("old.go", "new.go", tt.old, tt.new)
			want := ""
			if tt.want != "" {
				want = "--- old.go\n+++ new.go\n" + tt.want
			}
			if got != want {
				t.Errorf("Unified(%q, %q):\ngot:\n%s\nwant:\n%s", tt.old, tt.new, got, want)
			}
			if got != "" {
				checkApplies(t, tt.old, tt.new, got)
			}
		})
	}
}

// TestUnifiedMatchesGNUDiff checks the hand-written expectations of
// unifiedTests against GNU diff itself, so that they cannot drift from the
// format they claim to follow.
func TestUnifiedMatchesGNUDiff(t *testing.T) {
	diffPath := lookDiff(t)
	for _, tt := range unifiedTests {
		t.Run(tt.name, func(t *testing.T) {
			gnu := runDiff(t, diffPath, tt.old, tt.new)
			if gnu != tt.want {
				t.Errorf("diff -u hunks:\n%s\nexpected:\n%s", gnu, tt.want)
			}
		})
	}
}

// TestUnifiedRandomAgainstGNUDiff compares random cases with GNU diff.
// Minimal diffs are not unique, so rather than the text it compares the
// size: both outputs must apply to old giving new, and both must change
// the same number of lines. GNU diff's "confusing line" heuristics could
// in principle make its diff larger than the minimum, but for inputs of
// this size it has always been minimal (checked with GNU diffutils 3.8
// on these and on inputs of thousands of lines), so equality is asserted;
// a larger diff from us would mean ours is not minimal.
func TestUnifiedRandomAgainstGNUDiff(t *testing.T) {
	diffPath := lookDiff(t)
	rng := rand.New(rand.NewSource(1))
	const cases = 300
	identical := 0
	for i := range cases {
		old, new := randomPair(rng)
		ours := hunks(Unified("a", "b", old, new))
		gnu := runDiff(t, diffPath, old, new)
		if (ours == "") != (gnu == "") {
			t.Fatalf("case %d: old %q new %q: ours %q, GNU %q", i, old, new, ours, gnu)
		}
		oursN := checkApplies(t, old, new, ours)
		gnuN := checkApplies(t, old, new, gnu)
		if oursN != gnuN {
			t.Errorf("case %d: old %q new %q: we change %d lines, GNU diff %d\nours:\n%s\nGNU:\n%s", i, old, new, oursN, gnuN, ours, gnu)
		}
		if ours == gnu {
			identical++
		}
	}
	t.Logf("%d/%d cases produced hunks identical to GNU diff's", identical, cases)
}

// TestUnifiedRoundTrip checks, without external programs, that our hunks
// turn old into new and that the edit script is minimal (its size matches
// the longest common subsequence computed by dynamic programming).
func TestUnifiedRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := range 500 {
		old, new := randomPair(rng)
		d := Unified("a", "b", old, new)
		if (d == "") != (old == new) {
			t.Fatalf("case %d: old %q new %q: Unified returned %q", i, old, new, d)
		}
		if d == "" {
			continue
		}
		if !strings.HasPrefix(d, "--- a\n+++ b\n") {
			t.Fatalf("case %d: bad header in %q", i, d)
		}
		got := checkApplies(t, old, new, hunks(d))
		a, b := splitLines(old), splitLines(new)
		if want := len(a) + len(b) - 2*lcsLen(a, b); got != want {
			t.Errorf("case %d: old %q new %q: %d changed lines, minimum is %d\n%s", i, old, new, got, want, d)
		}
	}
}

// TestLineChangesMinimalLarge exercises deeper recursion than the small
// random cases: a few hundred lines from a tiny alphabet, heavily edited.
func TestLineChangesMinimalLarge(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := range 20 {
		alphabet := 2 + rng.Intn(4)
		a := randomLines(rng, 100+rng.Intn(200), alphabet)
		b := mutate(rng, a, alphabet, 1+rng.Intn(100))
		old, new := strings.Join(a, ""), strings.Join(b, "")
		d := Unified("a", "b", old, new)
		if d == "" {
			continue
		}
		got := checkApplies(t, old, new, hunks(d))
		if want := len(a) + len(b) - 2*lcsLen(a, b); got != want {
			t.Errorf("case %d (%d -> %d lines): %d changed lines, minimum is %d", i, len(a), len(b), got, want)
		}
	}
}

// TestUnifiedDissimilarLarge checks that two unrelated large files are
// diffed quickly (the unique-line filter makes this linear) and correctly.
func TestUnifiedDissimilarLarge(t *testing.T) {
	var a, b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&a, "old line %d\n", i)
		fmt.Fprintf(&b, "new line %d\n", i)
	}
	d := Unified("a", "b", a.String(), b.String())
	if n := checkApplies(t, a.String(), b.String(), hunks(d)); n != 40000 {
		t.Errorf("changed %d lines, want 40000", n)
	}
}

func BenchmarkUnified10000Lines3Changes(b *testing.B) {
	old := numbered(10000, nil)
	new := numbered(10000, map[int]string{
		10:   "changed 10\n",
		5000: "changed 5000\n",
		9990: "changed 9990\n",
	})
	b.SetBytes(int64(len(old) + len(new)))
	b.ReportAllocs()
	for b.Loop() {
		if Unified("a", "b", old, new) == "" {
			b.Fatal("empty diff")
		}
	}
}

// --- helpers ---

// lookDiff returns the path of the diff program, skipping the test if it
// is absent or is not GNU diff (other implementations format hunks
// differently).
func lookDiff(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("diff")
	if err != nil {
		t.Skip("diff not found on PATH")
	}
	out, err := exec.Command(path, "--version").Output()
	if err != nil || !strings.Contains(string(out), "GNU diffutils") {
		t.Skip("diff on PATH is not GNU diff")
	}
	return path
}

// runDiff runs `diff -u` on old and new and returns its hunks, without the
// two header lines (which carry file names and timestamps).
func runDiff(t *testing.T, diffPath, old, new string) string {
	t.Helper()
	dir := t.TempDir()
	oldPath, newPath := filepath.Join(dir, "old"), filepath.Join(dir, "new")
	if err := os.WriteFile(oldPath, []byte(old), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(newPath, []byte(new), 0o666); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(diffPath, "-u", oldPath, newPath).Output()
	var exit *exec.ExitError
	switch {
	case err == nil:
		if len(out) != 0 {
			t.Fatalf("diff exited 0 but printed %q", out)
		}
		return ""
	case errors.As(err, &exit) && exit.ExitCode() == 1:
		return hunks(string(out))
	default:
		t.Fatalf("diff -u: %v", err)
		return ""
	}
}

// hunks strips the "---" and "+++" header lines from a unified diff.
func hunks(d string) string {
	for range 2 {
		if i := strings.IndexByte(d, '\n'); i >= 0 && (strings.HasPrefix(d, "--- ") || strings.HasPrefix(d, "+++ ")) {
			d = d[i+1:]
		}
	}
	return d
}

// checkApplies applies the hunks of a unified diff to old, fails the test
// unless that yields new, and returns the number of changed (- and +)
// lines.
func checkApplies(t *testing.T, old, new, diff string) int {
	t.Helper()
	got, changed, err := applyHunks(old, hunks(diff))
	if err != nil {
		t.Fatalf("applying diff of %q -> %q: %v\n%s", old, new, err, diff)
	}
	if got != new {
		t.Fatalf("applying diff of %q -> %q gave %q\n%s", old, new, got, diff)
	}
	return changed
}

// applyHunks is a strict patch(1): it applies unified-diff hunks to old,
// checking that the line ranges in the hunk headers agree with the hunk
// bodies and with the text, and that hunks are in order and apart.
func applyHunks(old, diff string) (string, int, error) {
	src := strings.SplitAfter(old, "\n")
	if src[len(src)-1] == "" {
		src = src[:len(src)-1]
	}
	lines := strings.SplitAfter(diff, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}

	var out []string
	pos, changed := 0, 0
	for len(lines) > 0 {
		var oldStart, oldCount, newStart, newCount int
		hdr := lines[0]
		lines = lines[1:]
		var oldR, newR string
		if _, err := fmt.Sscanf(hdr, "@@ -%s +%s @@\n", &oldR, &newR); err != nil {
			return "", 0, fmt.Errorf("bad hunk header %q: %v", hdr, err)
		}
		var err error
		if oldStart, oldCount, err = parseRange(oldR); err != nil {
			return "", 0, err
		}
		if newStart, newCount, err = parseRange(newR); err != nil {
			return "", 0, err
		}

		var from, to []string // the hunk's old and new lines
		for len(lines) > 0 && !strings.HasPrefix(lines[0], "@@") {
			l := lines[0]
			lines = lines[1:]
			if l == "" || !strings.HasSuffix(l, "\n") {
				return "", 0, fmt.Errorf("bad diff line %q", l)
			}
			body := l[1:]
			if len(lines) > 0 && lines[0] == "\\ No newline at end of file\n" {
				body = strings.TrimSuffix(body, "\n")
				lines = lines[1:]
			}
			switch l[0] {
			case ' ':
				from = append(from, body)
				to = append(to, body)
			case '-':
				from = append(from, body)
				changed++
			case '+':
				to = append(to, body)
				changed++
			default:
				return "", 0, fmt.Errorf("bad diff line %q", l)
			}
		}
		if len(from) != oldCount || len(to) != newCount {
			return "", 0, fmt.Errorf("hunk %q has %d old and %d new lines", hdr, len(from), len(to))
		}
		if oldStart < pos || oldStart+oldCount > len(src) {
			return "", 0, fmt.Errorf("hunk %q out of order or out of range (at line %d of %d)", hdr, pos, len(src))
		}
		out = append(out, src[pos:oldStart]...)
		if newStart != len(out) {
			return "", 0, fmt.Errorf("hunk %q: new text starts at line index %d, not %d", hdr, len(out), newStart)
		}
		if !slices.Equal(src[oldStart:oldStart+oldCount], from) {
			return "", 0, fmt.Errorf("hunk %q does not match the old text", hdr)
		}
		out = append(out, to...)
		pos = oldStart + oldCount
	}
	out = append(out, src[pos:]...)
	return strings.Join(out, ""), changed, nil
}

// parseRange parses "l", "l,c" of a hunk header into the 0-based index of
// the first line of the range and the number of lines. Following GNU diff,
// an empty range names the line before it.
func parseRange(r string) (start, count int, err error) {
	l, c, hasCount := strings.Cut(r, ",")
	line, err := strconv.Atoi(l)
	if err != nil {
		return 0, 0, fmt.Errorf("bad range %q", r)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(c); err != nil {
			return 0, 0, fmt.Errorf("bad range %q", r)
		}
		if count == 1 {
			return 0, 0, fmt.Errorf("range %q: a count of 1 is never printed", r)
		}
	}
	if count == 0 {
		return line, 0, nil
	}
	return line - 1, count, nil
}

// lcsLen returns the length of a longest common subsequence of a and b.
func lcsLen(a, b []string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// randomLines returns n lines drawn from an alphabet of size k, so that
// lines repeat and the diff has many equally good alignments to choose
// from.
func randomLines(rng *rand.Rand, n, k int) []string {
	lines := make([]string, n)
	for i := range lines {
		lines[i] = string(rune('a'+rng.Intn(k))) + "\n"
	}
	return lines
}

// mutate returns a copy of lines with n random insertions, deletions and
// replacements of short runs of lines.
func mutate(rng *rand.Rand, lines []string, k, n int) []string {
	out := slices.Clone(lines)
	for range n {
		at := rng.Intn(len(out) + 1)
		run := randomLines(rng, 1+rng.Intn(3), k+1) // may introduce a new line
		switch rng.Intn(3) {
		case 0:
			out = slices.Insert(out, at, run...)
		case 1:
			out = slices.Delete(out, at, min(at+len(run), len(out)))
		default:
			out = slices.Replace(out, at, min(at+len(run), len(out)), run...)
		}
	}
	return out
}

// randomPair returns a random small text and an edited version of it,
// sometimes without a final newline on either side.
func randomPair(rng *rand.Rand) (old, new string) {
	k := 2 + rng.Intn(5)
	a := randomLines(rng, rng.Intn(16), k)
	var b []string
	if rng.Intn(10) == 0 {
		b = randomLines(rng, rng.Intn(16), k) // unrelated text
	} else {
		b = mutate(rng, a, k, rng.Intn(5))
	}
	old, new = strings.Join(a, ""), strings.Join(b, "")
	if old != "" && rng.Intn(5) == 0 {
		old = strings.TrimSuffix(old, "\n")
	}
	if new != "" && rng.Intn(5) == 0 {
		new = strings.TrimSuffix(new, "\n")
	}
	return old, new
}

// TestFromAnalysis checks the conversion from a suggested fix's edits:
// per file, sorted, an edit without End an insertion.
func TestFromAnalysis(t *testing.T) {
	fset := token.NewFileSet()
	a := fset.AddFile("a.go", -1, 20)
	b := fset.AddFile("b.go", -1, 20)
	got, err := FromAnalysis(fset, []analysis.TextEdit{
		{Pos: a.Pos(9), End: a.Pos(12), NewText: []byte("x")},
		{Pos: a.Pos(3), NewText: []byte("y")},
		{Pos: b.Pos(0), End: b.Pos(1)},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]Edit{
		"a.go": {{Start: 3, End: 3, New: "y"}, {Start: 9, End: 12, New: "x"}},
		"b.go": {{Start: 0, End: 1}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if _, err := FromAnalysis(fset, []analysis.TextEdit{{Pos: token.Pos(1 << 20)}}); err == nil {
		t.Error("an edit outside any file was converted")
	}
}

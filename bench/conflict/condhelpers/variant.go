package condhelpers

import (
	"context"
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// Spec is how the benchmark copies the operator into a module of its own
// for each variant, as written and after statuslint -fix
// (harness.CopyVariants), and checks what statuslint reports on each copy
// (see check).
var Spec = harness.CopySpec{
	Package: "condhelpers/controller", Module: "condhelpersrun", Main: driverMain, Binary: "condhelpersdriver",
	Check: check,
}

//go:embed main.go.txt
var driverMain []byte

// guard is the comparison the conditions pass's fix puts before the
// helper's write.
const guard = "if !equality.Semantic.DeepEqual(&base.Status, &app.Status) {"

// check fails unless the copy as written has the conditions finding on the
// helper's SetStatusCondition, and the fixed copy has no conditions
// finding left and the guard in the helper. The other findings (the
// statusupdate finding on the helper's Update, whose fix the -fix variant
// takes too, and the statuswrites findings on the three writes of one
// reconcile, which have no fix) are listed in the results, not checked.
func check(v harness.CopyVariant, findings []string, source string) error {
	reported := 0
	for _, f := range findings {
		if strings.HasPrefix(f, "conditions: controller.go:") {
			reported++
		}
	}
	switch {
	case !v.Fix && reported != 1:
		return fmt.Errorf("%s: want one conditions finding, on the helper, statuslint reports %q", v.Name, findings)
	case v.Fix && reported != 0:
		return fmt.Errorf("%s: the conditions finding is left after -fix: %q", v.Name, findings)
	case v.Fix && !strings.Contains(source, guard):
		return fmt.Errorf("%s: the guard was not added:\n%s", v.Name, source)
	}
	return nil
}

// Measure runs a prepared variant at the size cfg.
func Measure(cfg Config) harness.Measure[*Result] {
	return func(ctx context.Context, h *harness.Harness, p *harness.PreparedCopy) (*Result, error) {
		crds := filepath.Join(h.Root, "bench", "conflict", "condhelpers", "crds")
		return harness.RunCopy[Result](ctx, h, p, append([]string{"-crds", crds}, cfg.Args()...))
	}
}

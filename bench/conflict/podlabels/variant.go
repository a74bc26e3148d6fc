package podlabels

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/statuslint/statuslint/bench/conflict/harness"
)

//go:embed main.go.txt
var driverMain []byte

// Spec is how the benchmark copies the labeller into a module of its own
// for each variant, as written and after statuslint -fix
// (harness.CopyVariants), and checks what statuslint reports on each copy
// (see check).
var Spec = harness.CopySpec{
	Package: "podlabels/controller", Module: "podlabelsrun", Main: driverMain, Binary: "podlabelsdriver",
	Check: check,
}

// check fails when the copy as written has no objectupdate finding on its
// Update, or when the fixed copy still has one, or has no patch.
func check(v harness.CopyVariant, findings []string, source string) error {
	reported := false
	for _, f := range findings {
		if strings.HasPrefix(f, "objectupdate: controller.go:") {
			reported = true
		}
	}
	switch {
	case !v.Fix && !reported:
		return fmt.Errorf("%s: objectupdate does not report the labeller's Update: %q", v.Name, findings)
	case v.Fix && reported:
		return fmt.Errorf("%s: objectupdate still reports the labeller after -fix: %q", v.Name, findings)
	case v.Fix && (!strings.Contains(source, "client.MergeFrom(") || strings.Contains(source, "r.Update(")):
		return fmt.Errorf("%s: the fix was not applied:\n%s", v.Name, source)
	}
	return nil
}

// Measure runs a prepared variant at the size cfg.
func Measure(cfg Config) harness.Measure[*Result] {
	return func(ctx context.Context, h *harness.Harness, p *harness.PreparedCopy) (*Result, error) {
		return harness.RunCopy[Result](ctx, h, p, cfg.Args())
	}
}

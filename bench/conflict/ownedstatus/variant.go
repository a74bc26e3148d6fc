package ownedstatus

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
	Package: "ownedstatus/controller", Module: "ownedstatusrun", Main: driverMain, Binary: "ownedstatusdriver",
	Check: check,
}

//go:embed main.go.txt
var driverMain []byte

// check fails unless the copy as written has the watches finding on its
// Owns and no other finding (so that the two variants differ by that fix
// alone), and the fixed copy has no finding left and the predicate in its
// source.
func check(v harness.CopyVariant, findings []string, source string) error {
	owns := 0
	for _, f := range findings {
		if strings.HasPrefix(f, "watches: controller.go:") && strings.Contains(f, "owned Deployment") {
			owns++
		}
	}
	switch {
	case !v.Fix && (owns != 1 || len(findings) != 1):
		return fmt.Errorf("%s: want the watches finding on the Owns and nothing else, statuslint reports %q", v.Name, findings)
	case v.Fix && len(findings) != 0:
		return fmt.Errorf("%s: statuslint still reports after -fix: %q", v.Name, findings)
	case v.Fix && !(strings.Contains(source, "builder.WithPredicates(") && strings.Contains(source, "predicate.GenerationChangedPredicate{}")):
		return fmt.Errorf("%s: the predicate was not added:\n%s", v.Name, source)
	}
	return nil
}

// Measure runs a prepared variant at the size cfg.
func Measure(cfg Config) harness.Measure[*Result] {
	return func(ctx context.Context, h *harness.Harness, p *harness.PreparedCopy) (*Result, error) {
		crds := filepath.Join(h.Root, "bench", "conflict", "testdata", "crds")
		return harness.RunCopy[Result](ctx, h, p, append([]string{"-crds", crds}, cfg.Args()...))
	}
}

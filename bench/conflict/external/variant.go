package external

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/statuslint/statuslint/bench/conflict/harness"
)

// Variant is one version of the operator.
type Variant struct {
	Name     string
	Note     string
	Upstream bool // built from the upstream checkout (the commit with the maintainers' fix)
	Fix      bool // statuslint -fix applied
	Requeue  bool // the operator's Requeue edits applied
}

// Variants are the versions compared, in table order. Upstream needs an
// upstream checkout, Requeue edits of the operator; the others are skipped
// without them.
var Variants = []Variant{
	{Name: "shipped", Note: "the checkout as committed"},
	{Name: "statuslint -fix", Fix: true, Note: "after `statuslint -fix` of this repository's checkout"},
	{Name: "upstream fix", Upstream: true, Note: "the maintainers' own change, the reference"},
	{Name: "requeue on conflict", Requeue: true, Note: "`Update` kept; a conflict requeues quietly instead of returning the error (edited by hand)"},
}

// Prepared is a variant ready to run.
type Prepared struct {
	Variant
	Dir      string   // its copy of the operator's module
	Binary   string   // its main, built
	CRDs     string   // its CRD directory
	Findings []string // what statuslint reports on the copy
}

// Checkouts are the operator's module checkouts a run prepares variants
// from.
type Checkouts struct {
	Shipped  string // the commit measured
	Upstream string // the commit with the upstream fix ("" when there is none)
}

// Packages are the packages statuslint fixes and reports on: the
// operator's controllers and main, not its clients, tests and tools.
type Packages []string

// Prepare copies the checkout of v into work, applies its changes, lists
// statuslint's findings on packages and builds op's main.
func Prepare(ctx context.Context, h *harness.Harness, op Operator, co Checkouts, packages Packages, v Variant, work string) (*Prepared, error) {
	src := co.Shipped
	if v.Upstream {
		src = co.Upstream
	}
	dir := filepath.Join(work, slug(v.Name), op.Name)
	if err := os.RemoveAll(filepath.Dir(dir)); err != nil {
		return nil, err
	}
	if err := harness.CopyDir(src, dir, nil); err != nil {
		return nil, err
	}
	if v.Fix {
		if err := h.Fix(ctx, dir, nil, packages...); err != nil {
			return nil, err
		}
	}
	if v.Requeue {
		if err := harness.ApplyEdits(dir, op.Requeue, false); err != nil {
			return nil, fmt.Errorf("%s: %w", v.Name, err)
		}
	}
	p := &Prepared{Variant: v, Dir: dir, Binary: filepath.Join(filepath.Dir(dir), "operator"), CRDs: filepath.Join(dir, filepath.FromSlash(op.CRDs))}
	var err error
	if p.Findings, err = h.Findings(ctx, dir, nil, packages...); err != nil {
		return nil, err
	}
	if _, err := h.Command(ctx, dir, nil, "go", "build", "-o", p.Binary, op.Main); err != nil {
		return nil, fmt.Errorf("building the %s %s: %w", v.Name, op.Name, err)
	}
	return p, nil
}

// VariantsFor are the variants that apply to op with co.
func VariantsFor(op Operator, co Checkouts) []Variant {
	var out []Variant
	for _, v := range Variants {
		if v.Upstream && co.Upstream == "" || v.Requeue && len(op.Requeue) == 0 {
			continue
		}
		out = append(out, v)
	}
	return out
}

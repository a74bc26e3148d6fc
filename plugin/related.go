package plugin

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// golangci-lint turns each related-information entry of a diagnostic into
// an issue of its own ("statusupdate(related information): ..."), at the
// entry's line. For statuslint's findings those entries are the steps of
// the reconcile path, so one finding became several issues, counted
// against the issue limits, and a //nolint on the finding's line left the
// path's issues standing at other lines. In golangci-lint the passes
// therefore fold their related information into the message, as one
// bracketed list of steps with their lines, and report no entries:
// one issue per finding, silenced as one. Other drivers (go vet, the
// standalone command, gopls) show the entries as they are.

// foldingRelated returns analyzers in which each analyzer that no other
// one requires (the passes, which report) folds its diagnostics' related
// information into their messages. A required analyzer (the shared
// reachability analysis, the directives) is left as it is: a copy would
// be a second analyzer, run twice.
func foldingRelated(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	required := make(map[*analysis.Analyzer]bool)
	for _, a := range analyzers {
		for _, r := range a.Requires {
			required[r] = true
		}
	}
	out := slices.Clone(analyzers)
	for i, a := range out {
		if !required[a] {
			out[i] = foldRelated(a)
		}
	}
	return out
}

// foldRelated returns a copy of a whose reports carry their related
// information in the message.
func foldRelated(a *analysis.Analyzer) *analysis.Analyzer {
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			pass.Report(folded(pass, d))
		}
		return a.Run(&p)
	}
	return &w
}

// folded returns d with its related information appended to the message:
// "...: patch the status instead [A calls B at line 53; B calls C at
// status.go:37]". A line in the finding's own file is given alone.
func folded(pass *analysis.Pass, d analysis.Diagnostic) analysis.Diagnostic {
	if len(d.Related) == 0 {
		return d
	}
	file := pass.Fset.Position(d.Pos).Filename
	steps := make([]string, 0, len(d.Related))
	for _, r := range d.Related {
		pos := pass.Fset.Position(r.Pos)
		switch {
		case !pos.IsValid():
			steps = append(steps, r.Message)
		case pos.Filename == file:
			steps = append(steps, fmt.Sprintf("%s at line %d", r.Message, pos.Line))
		default:
			steps = append(steps, fmt.Sprintf("%s at %s:%d", r.Message, filepath.Base(pos.Filename), pos.Line))
		}
	}
	d.Message = fmt.Sprintf("%s [%s]", d.Message, strings.Join(steps, "; "))
	d.Related = nil
	return d
}

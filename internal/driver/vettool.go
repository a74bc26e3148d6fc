package driver

import "golang.org/x/tools/go/analysis"

// NameFindings makes each analyzer's findings end with its name,
// "(statusupdate)", as silencing one needs it. The command's reports, go
// vet's and its own, print a finding's message and position only: go vet
// runs a vet tool with -json and prints the messages itself, text or
// JSON alike, so the name has to be in the message, and the standalone
// command's output is the same as go vet's. Drivers that name the
// analyzer themselves (gopls, golangci-lint, nogo) do not call it.
func NameFindings(analyzers []*analysis.Analyzer) {
	for _, a := range analyzers {
		run, suffix := a.Run, " ("+a.Name+")"
		a.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			pass.Report = func(d analysis.Diagnostic) {
				d.Message += suffix
				report(d)
			}
			return run(pass)
		}
	}
}

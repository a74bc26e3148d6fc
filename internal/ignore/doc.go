// Package ignore implements statuslint's own suppression directives, so
// they work the same under go vet, golangci-lint and gopls:
//
//	//statuslint:ignore statusupdate,conditions the webhook owns this status
//	//statuslint:file-ignore fieldmanager generated client wrappers
//
// The first form, on the reported line or the line above it, silences the
// named passes there; the second silences them in the whole file. A reason
// is required. A directive without one, one naming an unknown pass, and one
// that silences nothing are reported themselves, so stale directives do
// not pile up.
//
// # Analyzer directives
//
// directives: check //statuslint:ignore directives for a reason and known pass names
//
// The directive check parses a package's //statuslint:ignore and
// //statuslint:file-ignore directives once, for every pass, and reports
// a directive without a reason, one naming an unknown pass (with the
// nearest known name) and one naming none, whatever passes run. Each pass
// reports its own directives that silence nothing.
package ignore

import (
	_ "embed"

	"github.com/statuslint/statuslint/internal/analyzerdoc"
)

//go:embed doc.go
var docFile string

var doc = analyzerdoc.MustExtract(docFile, Name)

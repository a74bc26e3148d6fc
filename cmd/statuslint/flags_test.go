package main

import (
	"strings"
	"testing"

	"github.com/statuslint/statuslint/analyzer"
)

func TestCheckFlags(t *testing.T) {
	for _, tc := range []struct {
		name       string
		args       []string
		standalone bool
		want       string // the whole error, "" for none
	}{
		{"vet protocol", []string{"-fieldmanager.name=my-op", "-statuslintreach.roots=Run$", "-conditions=false", "-json", "-c=2", "b001/vet.cfg"}, false, ""},
		{"fix protocol", []string{"-fix", "-diff", "b001/vet.cfg"}, false, ""},
		{"vet questions", []string{"-V=full"}, false, ""},
		{"vet flags", []string{"-flags"}, false, ""},
		{"help", []string{"help", "statusupdate"}, false, ""},
		{"-help", []string{"-help"}, true, ""},
		{"standalone", []string{"-test=false", "-fix", "-debug=v", "-fieldmanager.owned=example.com/op.R.Client", "./..."}, true, ""},
		{
			"bad regexp under go vet", []string{"-statusupdate.roots=(", "b001/vet.cfg"}, false,
			"invalid value \"(\" for flag -statusupdate.roots: invalid regular expression \"(\": error parsing regexp: missing closing ): `(` (want a regular expression (Go syntax) over go/types full names of functions, e.g. \\(\\*example\\.com/op/framework\\.Loop\\)\\.Run$)",
		},
		{
			"bad field manager", []string{"-fieldmanager.name=my\nop", "./..."}, true,
			`invalid value "my\nop" for flag -fieldmanager.name: non-printable character U+000A at byte 2: the API server rejects it (want 1 to 128 bytes of printable UTF-8, no leading or trailing blank)`,
		},
		{
			"empty field manager", []string{"-fieldmanager.name=", "./..."}, true,
			`invalid value "" for flag -fieldmanager.name: empty: a field manager is 1 to 128 bytes of printable UTF-8, no leading or trailing blank; leave the setting out for none`,
		},
		{
			"bad owned item", []string{"-fieldmanager.owned=example.com/op.R.Client,R.", "x.cfg"}, false,
			`invalid value "example.com/op.R.Client,R." for flag -fieldmanager.owned: item 2 "R.": empty name between dots; want pkg/path.Type.Field, pkg/path.Type or pkg/path.Var, e.g. example.com/op/internal/controller.WidgetReconciler.Client`,
		},
		{"bad analyzer switch", []string{"-conditions=maybe", "x.cfg"}, false, `invalid boolean value "maybe" for -conditions: want true or false`},
		{"flag without its value", []string{"-fieldmanager.name"}, false, "flag needs an argument: -fieldmanager.name"},
		{"unknown flag under go vet", []string{"-nosuch", "x.cfg"}, false, "flag provided but not defined: -nosuch"},
		// The driver's own flags may be more than multichecker's: an
		// unknown one is the driver's to report, and the flags after it
		// are checked still.
		{"unknown flag standalone", []string{"-nosuch=1", "./..."}, true, ""},
		{"after an unknown flag", []string{"-nosuch", "-fieldmanager.name=", "./..."}, true, `invalid value "" for flag -fieldmanager.name: empty: a field manager is 1 to 128 bytes of printable UTF-8, no leading or trailing blank; leave the setting out for none`},
		{"after the driver's -format", []string{"-format", "sarif", "-fieldmanager.name=", "./..."}, true, `invalid value "" for flag -fieldmanager.name: empty: a field manager is 1 to 128 bytes of printable UTF-8, no leading or trailing blank; leave the setting out for none`},
		{"-format under go vet", []string{"-format=sarif", "x.cfg"}, false, "flag provided but not defined: -format"},
	} {
		err := checkFlags(tc.args, tc.standalone)
		var got string
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: checkFlags(%q):\n got: %s\nwant: %s", tc.name, tc.args, got, tc.want)
		}
		if strings.Contains(got, "\n") {
			t.Errorf("%s: the error is more than one line", tc.name)
		}
	}
	// The check parses into a configuration of its own.
	if err := checkFlags([]string{"-fieldmanager.name=my-op", "./..."}, true); err != nil {
		t.Fatal(err)
	}
	if analyzer.Default.FieldManager.Name != "" {
		t.Errorf("checkFlags set analyzer.Default: %+v", analyzer.Default.FieldManager)
	}
}

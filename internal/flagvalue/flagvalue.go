// Package flagvalue holds the flag.Value types of statuslint's settings and
// the checks behind them, one check per kind of setting.
//
// Every driver reads a setting through them: the command line, go vet and
// nogo's analyzer_flags through flag.Value.Set, a golangci-lint
// configuration through the plugin's decoder (which calls the same Set or
// UnmarshalText) and analyzer.Config.Validate (which calls the same checks
// on what the decoder stored as is). So a value is rejected once, when it
// is read, with the same words whichever way statuslint runs, and an error
// says what the setting allows.
//
// An empty value is never a setting: a flag given as -NAME= or a setting
// given as "" is an error, not the default, since it is most often a
// variable that expanded to nothing. Leaving the setting out gives the
// default.
package flagvalue

import (
	"fmt"
	"strings"
)

// Split splits the comma-separated list s into its items, trimmed of
// blanks. An empty list or an empty item is an error naming the item; what
// names what the items are, for the message.
func Split(s string, what string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty: give one or more %s, comma-separated, or leave the setting out", what)
	}
	var out []string
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("item %d is empty: give %s, comma-separated, without an empty item", i+1, what)
		}
		out = append(out, item)
	}
	return out, nil
}

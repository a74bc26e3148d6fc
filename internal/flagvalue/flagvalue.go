// Package flagvalue holds flag.Value types shared by the passes' settings.
package flagvalue

import "strings"

// List is a comma-separated list flag that also decodes from a JSON or
// YAML list, so one setting reads the same on the command line and in a
// golangci-lint configuration.
type List []string

func (l *List) String() string { return strings.Join(*l, ",") }

// Set replaces the list with the comma-separated items of s, trimmed,
// dropping empty items.
func (l *List) Set(s string) error {
	*l = nil
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			*l = append(*l, item)
		}
	}
	return nil
}

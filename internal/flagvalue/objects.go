package flagvalue

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"
)

// ObjectRule says what an item of an Objects setting is, for messages and
// usage text.
const ObjectRule = "pkg/path.Type.Field, pkg/path.Type or pkg/path.Var, e.g. example.com/op/internal/controller.WidgetReconciler.Client"

// Objects is a list of struct fields ("pkg/path.Type.Field"), types
// ("pkg/path.Type") and package-level variables ("pkg/path.Var"), named
// by import path: the owned and unowned settings. The type may be written
// with a * and in parentheses, as go/types prints methods:
// (*pkg/path.Type).Field, pkg/path.(*Type).
//
// As a flag it takes a comma-separated list; decoded from a YAML or JSON
// list it holds the items as given, and Validate checks them.
type Objects []string

func (l *Objects) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, ",")
}

// Set replaces the list with the comma-separated items of s, each trimmed
// of blanks and checked by CheckObject.
func (l *Objects) Set(s string) error {
	list, err := Split(s, "struct fields or types ("+ObjectRule+")")
	if err != nil {
		return err
	}
	if err := Objects(list).Validate(); err != nil {
		return err
	}
	*l = list
	return nil
}

// Validate checks every item with CheckObject; the error names the first
// bad item and its place in the list.
func (l Objects) Validate() error {
	for i, item := range l {
		if err := CheckObject(item); err != nil {
			return fmt.Errorf("item %d %q: %v", i+1, item, err)
		}
	}
	return nil
}

// ObjectKey is item as the pass looks it up, "pkg/path.Type.Field" or
// "pkg/path.Name": trimmed, without the * and parentheses a type may be
// written with.
func ObjectKey(item string) string {
	return strings.NewReplacer("*", "", "(", "", ")", "").Replace(strings.TrimSpace(item))
}

// CheckObject reports why item does not name a struct field, type or
// package-level variable by import path (ObjectRule). It checks the form
// only: whether the package and the object exist is not known until the
// packages are loaded, and an item that names none matches nothing.
func CheckObject(item string) error {
	malformed := func(format string, args ...any) error {
		return fmt.Errorf("%s; want %s", fmt.Sprintf(format, args...), ObjectRule)
	}
	if item == "" {
		return malformed("empty")
	}
	if i := strings.IndexFunc(item, unicode.IsSpace); i >= 0 {
		return malformed("blank at byte %d", i)
	}
	if err := checkStarParens(item); err != nil {
		return malformed("%v", err)
	}
	key := ObjectKey(item)
	slash := strings.LastIndexByte(key, '/')
	dir, last := key[:slash+1], key[slash+1:]
	// The last element of the path may have dots of its own
	// (gopkg.in/yaml.v3), so only the name after the last dot, and the
	// one before it when it is a type's, are identifiers.
	parts := strings.Split(last, ".")
	if len(parts) < 2 {
		return malformed("no package path before the name")
	}
	for _, p := range parts {
		if p == "" {
			return malformed("empty name between dots")
		}
	}
	if name := parts[len(parts)-1]; !token.IsIdentifier(name) {
		return malformed("%q is not a Go identifier", name)
	}
	if dir != "" {
		for _, elem := range strings.Split(strings.TrimSuffix(dir, "/"), "/") {
			if err := checkPathElem(elem); err != nil {
				return malformed("package path: %v", err)
			}
		}
	}
	if err := checkPathElem(parts[0]); err != nil {
		return malformed("package path: %v", err)
	}
	return nil
}

// checkStarParens allows what go/types prints around a type: one pair of
// parentheses, and a * at the start or right after the opening one.
func checkStarParens(item string) error {
	open, close := strings.Count(item, "("), strings.Count(item, ")")
	if open != close || open > 1 || open == 1 && strings.Index(item, "(") > strings.Index(item, ")") {
		return fmt.Errorf("unbalanced parentheses")
	}
	switch star := strings.Index(item, "*"); {
	case star < 0:
	case strings.Count(item, "*") > 1:
		return fmt.Errorf("more than one *")
	case star > 0 && item[star-1] != '(':
		return fmt.Errorf("* not before the type")
	}
	return nil
}

// checkPathElem checks one element of an import path: not empty, not .
// or .., and of the characters import paths take (letters, digits and
// -._~+).
func checkPathElem(elem string) error {
	if elem == "" {
		return fmt.Errorf("empty element")
	}
	if elem == "." || elem == ".." {
		return fmt.Errorf("element %q", elem)
	}
	for _, r := range elem {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-._~+", r)) {
			return fmt.Errorf("character %q in %q", r, elem)
		}
	}
	return nil
}

package flagvalue

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FieldManagerMaxLength is the longest field manager, in bytes, that the
// API server takes: ValidateFieldManager (k8s.io/apimachinery,
// pkg/apis/meta/v1/validation) rejects a longer one, and one with a
// character that is not printable (unicode.IsPrint), in every write
// request's fieldManager.
const FieldManagerMaxLength = 128

// FieldManagerRule says what a field manager setting takes, for messages
// and usage text.
const FieldManagerRule = "1 to 128 bytes of printable UTF-8, no leading or trailing blank"

// CheckFieldManager reports why s cannot be the field manager a fix
// writes: empty, longer than FieldManagerMaxLength bytes, not UTF-8, a
// character that is not printable (the API server rejects the write on
// these), or a leading or trailing blank (which the API server takes, but
// which no one can see in managedFields: a typo, not a name). The error
// does not repeat s; callers name it.
func CheckFieldManager(s string) error {
	switch {
	case s == "":
		return fmt.Errorf("empty: a field manager is %s; leave the setting out for none", FieldManagerRule)
	case len(s) > FieldManagerMaxLength:
		return fmt.Errorf("%d bytes long: the API server rejects a field manager over %d bytes (want %s)", len(s), FieldManagerMaxLength, FieldManagerRule)
	case !utf8.ValidString(s):
		return fmt.Errorf("not valid UTF-8 (want %s)", FieldManagerRule)
	}
	for i, r := range s {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("non-printable character %U at byte %d: the API server rejects it (want %s)", r, i, FieldManagerRule)
		}
	}
	if strings.TrimSpace(s) != s {
		return fmt.Errorf("leading or trailing blank (want %s)", FieldManagerRule)
	}
	return nil
}

// FieldManager is a flag.Value for a field manager setting: Set stores a
// value CheckFieldManager accepts into *P and rejects any other. The
// setting itself stays a string (analyzer.Config's field).
type FieldManager struct{ P *string }

func (v FieldManager) String() string {
	if v.P == nil {
		return ""
	}
	return *v.P
}

// Set sets *v.P to s, a valid field manager.
func (v FieldManager) Set(s string) error {
	if err := CheckFieldManager(s); err != nil {
		return err
	}
	*v.P = s
	return nil
}

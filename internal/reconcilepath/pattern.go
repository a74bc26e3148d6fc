package reconcilepath

import "github.com/statuslint/statuslint/internal/flagvalue"

// Pattern is the roots setting's regular expression over go/types full
// names of functions, such as (*example.com/op/framework.Loop).Run; the
// zero Pattern matches nothing. Its checks are flagvalue's, with the
// other settings'.
type Pattern = flagvalue.Pattern

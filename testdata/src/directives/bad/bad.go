// Package bad has wrong directives, which the directive check reports
// whatever passes run.
package bad

//statuslint:file-ignore // want `statuslint:file-ignore names no pass: write //statuslint:file-ignore <pass>\[,<pass>\] <reason>`

//statuslint:ignore statusupdate // want `statuslint:ignore needs a reason: write //statuslint:ignore statusupdate <why this is right>`
var a = 1

//statuslint:ignore statusupdat typo in the pass name // want `statuslint:ignore names unknown pass "statusupdat" \(did you mean statusupdate\? valid: statusupdate, fieldmanager, conditions, statuswrites, objectupdate, watches\)`
var b = 2

//statuslint:ignore fieldmanager,condtions both a known and an unknown pass // want `statuslint:ignore names unknown pass "condtions" \(did you mean conditions\?`
var c = 3

//statuslint:ignore // want `statuslint:ignore names no pass`
var d = 4

//statuslint:ignored is another word, not a directive
var e = 5

//statuslint:ignore statuswrites a good directive: silencing nothing is for the pass to say
var f = 6

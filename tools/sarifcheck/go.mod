module github.com/statuslint/statuslint/tools/sarifcheck

go 1.25.0

require github.com/santhosh-tekuri/jsonschema/v6 v6.0.3

require golang.org/x/text v0.14.0 // indirect

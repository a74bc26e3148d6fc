module github.com/statuslint/statuslint/bench

go 1.25.0

require golang.org/x/tools v0.47.0

require (
	github.com/statuslint/statuslint v0.0.0-00010101000000-000000000000 // indirect
	golang.org/x/mod v0.37.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
)

replace github.com/statuslint/statuslint => ../

tool github.com/statuslint/statuslint/cmd/statuslint

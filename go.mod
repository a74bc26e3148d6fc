module github.com/statuslint/statuslint

go 1.25.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	golang.org/x/tools v0.47.0
)

require (
	golang.org/x/mod v0.37.0 // indirect
	golang.org/x/sync v0.21.0 // indirect
)

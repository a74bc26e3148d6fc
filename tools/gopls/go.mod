module github.com/statuslint/statuslint/tools/gopls

go 1.25.0

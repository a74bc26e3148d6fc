// Command kube-apiserver is the real Kubernetes API server, built from the
// published k8s.io/kubernetes module so that the conflict harness needs no
// prebuilt binaries: envtest starts it from the directory build-servers.sh fills.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

func main() {
	os.Exit(cli.Run(app.NewAPIServerCommand()))
}

// Command etcd is the real etcd server, built from the published
// go.etcd.io/etcd/server/v3 module, for the kube-apiserver the conflict
// harness starts through envtest.
package main

import (
	"os"

	"go.etcd.io/etcd/server/v3/etcdmain"
)

func main() {
	etcdmain.Main(os.Args)
}

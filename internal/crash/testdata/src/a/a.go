package a

func ok() {}

func boom() {} // want `crashtest: internal error analysing boom \(and 1 more in this package\): boom; findings of this pass may be missing here, please report it`

func boomToo() {}

package addfuncs

import "fieldmanager/handover/addgadget"

func init() {
	AddToManagerFuncs = append(AddToManagerFuncs, addgadget.Add)
}

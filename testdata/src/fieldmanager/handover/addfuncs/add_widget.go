package addfuncs

import "fieldmanager/handover/addwidget"

func init() {
	AddToManagerFuncs = append(AddToManagerFuncs, addwidget.Add)
}

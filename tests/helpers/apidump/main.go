// apidump EXPORT PKGPATH prints, one declaration a line and sorted, the
// exported API of a compiled package as its export data (go list -export)
// gives it to the packages that import it: every exported constant,
// variable, function and type with its full type, and each exported type's
// exported methods. tests/overlay.bats compares internal/cpu's with and
// without gowrap's overlay: the same API means every other package of std
// type-checks and compiles against it exactly as it does against stock's.
package main

import (
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"sort"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: apidump EXPORT PKGPATH")
		os.Exit(2)
	}
	exp, path := os.Args[1], os.Args[2]
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(p string) (io.ReadCloser, error) {
		if p != path {
			return nil, fmt.Errorf("apidump: no export data for %s", p)
		}
		return os.Open(exp)
	})
	pkg, err := imp.Import(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apidump:", err)
		os.Exit(1)
	}
	qual := func(p *types.Package) string { return p.Path() }
	var lines []string
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		if !obj.Exported() {
			continue
		}
		lines = append(lines, types.ObjectString(obj, qual))
		if tn, ok := obj.(*types.TypeName); ok {
			lines = append(lines, "underlying "+name+" "+types.TypeString(tn.Type().Underlying(), qual))
			ms := types.NewMethodSet(types.NewPointer(tn.Type()))
			for i := 0; i < ms.Len(); i++ {
				if m := ms.At(i).Obj(); m.Exported() {
					lines = append(lines, "method "+types.ObjectString(m, qual))
				}
			}
		}
	}
	sort.Strings(lines)
	for _, l := range lines {
		fmt.Println(l)
	}
}

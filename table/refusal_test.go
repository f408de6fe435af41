package table_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestRefusalsAreTyped reads the service's source: every refusal it makes
// names its Reason, and its text is plain, with no markup and no command
// or button of one door; the adapters add those.
func TestRefusalsAreTyped(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				return n.Name.Name != "Refusef" && n.Name.Name != "refuse" // the adapters' own refusals; refuse passes its reason on
			case *ast.CallExpr:
				id, ok := n.Fun.(*ast.Ident)
				if !ok || (id.Name != "refusal" && id.Name != "refuse" && id.Name != "Refusef") || len(n.Args) < 2 {
					return true
				}
				calls++
				switch {
				case id.Name == "Refusef":
					t.Errorf("%s: Refusef in the service: a refusal without a reason", fset.Position(n.Pos()))
					return true
				case id.Name == "refuse" && isUnspecified(n.Args[0]):
					t.Errorf("%s: a refusal without a reason", fset.Position(n.Pos()))
				case id.Name == "refusal" && !hasReason(n.Args[0]):
					t.Errorf("%s: a refusal without a reason", fset.Position(n.Pos()))
				}
				if lit, ok := n.Args[1].(*ast.BasicLit); ok {
					text, _ := strconv.Unquote(lit.Value)
					for _, markup := range []string{"**", "<@", "/play", "/challenge", "/tournament", "the button"} {
						if strings.Contains(text, markup) {
							t.Errorf("%s: %q has %q, which belongs to a door", fset.Position(n.Pos()), text, markup)
						}
					}
				}
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); ok && id.Name == "Refusal" && !hasReason(n) {
					t.Errorf("%s: a Refusal without a reason", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
	if calls < 60 {
		t.Errorf("found %d refusals; the service makes more than 60", calls)
	}
}

// isUnspecified reports whether e names no reason.
func isUnspecified(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return !ok || id.Name == "Unspecified"
}

// hasReason reports whether e is a Refusal literal that sets its Reason.
func hasReason(e ast.Expr) bool {
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Reason" {
				v, ok := kv.Value.(*ast.Ident)
				return !ok || v.Name != "Unspecified"
			}
		}
	}
	return false
}

package store

import (
	"context"
	"slices"
	"testing"
)

// TestCopyCarriesEveryTable checks that a copy (zugbot migrate-db, zugbot
// backup into PostgreSQL) carries every table of the schema, or leaves it
// behind for a reason written in uncopiedTables: a table added by a
// migration and forgotten in copyTables would be lost silently by the
// copy.
func TestCopyCarriesEveryTable(t *testing.T) {
	s, _ := mustOpen(t, Options{})
	query := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	if s.pg {
		query = `SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`
	}
	rows, err := s.reads.QueryContext(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(tables) < len(copyTables) {
		t.Fatalf("the schema lists %d tables (%q), fewer than the %d copied", len(tables), tables, len(copyTables))
	}
	for _, name := range tables {
		if !slices.Contains(copyTables, name) && !slices.Contains(uncopiedTables, name) {
			t.Errorf("table %s is neither copied (copyTables) nor left behind for a reason (uncopiedTables)", name)
		}
	}
	for _, name := range copyTables {
		if !slices.Contains(tables, name) {
			t.Errorf("copyTables names %s, which the schema does not have", name)
		}
	}
}

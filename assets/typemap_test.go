package assets

import (
	"archive/zip"
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"flowbench/sim"
)

// installedKeys reads the entry keys of the installed Sweet Home 3D catalogs
// directly from the archives (library + ":" + id), independently of the
// library reader, so the table is checked against the files themselves.
func installedKeys(t *testing.T) map[string]bool {
	t.Helper()
	root := "/usr/share/sweethome3d"
	if d := os.Getenv("FLOWBENCH_SH3D_DIR"); d != "" {
		root = d
	}
	archives, _ := filepath.Glob(filepath.Join(root, "furniture", "*.sh3f"))
	jar := filepath.Join(root, "sweethome3d.jar")
	if _, err := os.Stat(jar); err == nil {
		archives = append(archives, jar)
	}
	if len(archives) == 0 {
		t.Skipf("Sweet Home 3D libraries not installed under %s (sh assets/install_debian.sh)", root)
	}
	keys := map[string]bool{}
	for _, a := range archives {
		lib := strings.TrimSuffix(filepath.Base(a), filepath.Ext(a))
		props := "PluginFurnitureCatalog.properties"
		if strings.HasSuffix(a, ".jar") {
			lib, props = "Default", "com/eteks/sweethome3d/io/DefaultFurnitureCatalog.properties"
		}
		zr, err := zip.OpenReader(a)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		for _, f := range zr.File {
			if strings.TrimPrefix(f.Name, "/") != props {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(rc)
			for sc.Scan() {
				line := strings.TrimSpace(sc.Text())
				if !strings.HasPrefix(line, "id#") {
					continue
				}
				_, v, ok := strings.Cut(line, "=")
				if !ok {
					continue
				}
				v = strings.ReplaceAll(strings.TrimSpace(v), `\`, "")
				keys[lib+":"+v] = true
			}
			rc.Close()
		}
		zr.Close()
	}
	if len(keys) == 0 {
		t.Skip("no catalog entries found in the installed archives")
	}
	return keys
}

func TestTypeMapTypesAreCatalogTypes(t *testing.T) {
	cat := sim.DefaultCatalog()
	for typ, keys := range typeMap {
		if cat.Type(typ) == nil {
			t.Errorf("typeMap type %q is not a sim catalog type", typ)
		}
		if len(keys) == 0 {
			t.Errorf("typeMap type %q has no entries", typ)
		}
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k] {
				t.Errorf("%s: key %q listed twice", typ, k)
			}
			seen[k] = true
			lib, id, ok := strings.Cut(k, ":")
			if !ok || lib == "" || !strings.Contains(id, "#") {
				t.Errorf("%s: key %q is not library:catalog-id", typ, k)
			}
		}
	}
}

func TestTypeMapKeysExistInInstalledCatalog(t *testing.T) {
	installed := installedKeys(t)
	n := 0
	for typ, keys := range typeMap {
		for _, k := range keys {
			n++
			if !installed[k] {
				t.Errorf("%s: key %q is not in the installed catalog", typ, k)
			}
		}
	}
	t.Logf("%d mapped keys checked against %d installed entries", n, len(installed))
}

func TestTypesOfKey(t *testing.T) {
	got := TypesOfKey("Default:eTeks#stool")
	if strings.Join(got, ",") != "Footstool,Stool" {
		t.Errorf("TypesOfKey(stool) = %v, want [Footstool Stool]", got)
	}
	if len(TypesOfKey("Default:eTeks#nothing")) != 0 {
		t.Error("unknown key mapped")
	}
}

import { describe, expect, it } from "vitest";
import {
  OFFERED_SURVIVAL_ACTIONS,
  offeredSurvivalTable,
  SURVIVAL_ACTIONS,
  SURVIVAL_THINGS,
  survivalRow,
  survivalTable,
} from "./instance-survival";

describe("what survives each action", () => {
  const table = survivalTable(15);

  it("has one row per action, each with every thing and its retention", () => {
    expect(table.map((row) => row.action)).toEqual([...SURVIVAL_ACTIONS]);
    for (const row of table) {
      expect(Object.keys(row.cells).sort()).toEqual([...SURVIVAL_THINGS].sort());
      for (const thing of SURVIVAL_THINGS)
        expect(row.cells[thing].note.length, `${row.action} ${thing}`).toBeGreaterThan(4);
      expect(row.retention.length).toBeGreaterThan(4);
    }
  });

  it("release deletes both disks, the address and the plugins; the cloud disk and saved images survive everything", () => {
    const release = survivalRow("release");
    expect([release.cells.system_disk.fate, release.cells.data_disk.fate, release.cells.address.fate]).toEqual([
      "deleted",
      "deleted",
      "deleted",
    ]);
    expect(release.cells.plugins.fate).toBe("deleted");
    for (const row of table) {
      expect(row.cells.cloud_disk.fate, row.action).toBe("kept");
      expect(row.cells.images.fate, row.action).toBe("kept");
    }
  });

  it("only release deletes a disk; a reset or an image change touches the system disk, never the data disk", () => {
    for (const row of table.filter((r) => r.action !== "release")) {
      expect(row.cells.system_disk.fate, row.action).not.toBe("deleted");
      expect(row.cells.data_disk.fate, row.action).not.toBe("deleted");
    }
    expect(survivalRow("system_reset").cells.system_disk.fate).toBe("reset");
    expect(survivalRow("image_change").cells.system_disk.fate).toBe("replaced");
    expect(survivalRow("migration").cells.address.fate).toBe("changed");
  });

  it("the stops name the site's retention in days", () => {
    for (const action of ["stop", "expiry", "arrears_stop"] as const) {
      expect(survivalRow(action, 15).retention, action).toContain("保留 15 天");
      expect(survivalRow(action, 7).retention, action).toContain("保留 7 天");
    }
  });

  it("the pages show only the actions offered today, in the table's order", () => {
    expect(offeredSurvivalTable(15).map((row) => row.action)).toEqual(
      SURVIVAL_ACTIONS.filter((action) => OFFERED_SURVIVAL_ACTIONS.includes(action)),
    );
  });
});

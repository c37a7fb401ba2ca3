import path from "node:path";
import { describe, expect, it } from "vitest";
import { cpuDescription, cpuInfoFacts, lastLevelCacheKiB } from "./machine.ts";
import { withTempDir } from "./temp-dir.fixture.ts";

const CPUINFO = [
  "processor\t: 0",
  "vendor_id\t: AuthenticAMD",
  "cpu family\t: 25",
  "model\t\t: 17",
  "model name\t: AMD EPYC",
  "stepping\t: 1",
  "cpu MHz\t\t: 2596.122",
  "cache size\t: 1024 KB",
  "",
  "processor\t: 1",
  "cpu family\t: 23",
  "model\t\t: 49",
  "model name\t: Another CPU",
  "cpu MHz\t\t: 1800.000",
  "",
].join("\n");

describe("the machine's CPU", () => {
  it("reads the first processor's model name, family, model, stepping and clock, not a later one's", () => {
    expect(cpuInfoFacts(CPUINFO)).toEqual({
      model: "AMD EPYC",
      id: "family 25 model 17 stepping 1",
      mhz: 2596,
    });
  });

  it("says nothing it was not told", () => {
    expect(cpuInfoFacts("processor\t: 0\nmodel name\t: Some CPU\n")).toEqual({
      model: "Some CPU",
      id: null,
      mhz: null,
    });
    expect(cpuInfoFacts("")).toEqual({ model: undefined, id: null, mhz: null });
  });

  it("takes the highest cache level's size, in KiB, whatever order sysfs lists them in", () => {
    withTempDir("cache-", (dir, write) => {
      const level = (name: string, lvl: number, size: string) => {
        write(path.join(name, "level"), `${lvl}\n`);
        write(path.join(name, "size"), `${size}\n`);
      };
      level("index0", 1, "32K");
      level("index3", 3, "32768K");
      level("index2", 2, "1024K");
      expect(lastLevelCacheKiB(dir)).toBe(32768);
      expect(lastLevelCacheKiB(path.join(dir, "none"))).toBeNull();
    });
  });

  it("describes the CPU with what the run knew, and only the model name for runs that kept no more", () => {
    expect(
      cpuDescription({
        cpuModel: "AMD EPYC",
        cpuId: "family 25 model 17 stepping 1",
        cpuMHz: 2596,
        lastLevelCacheKiB: 32768,
      }),
    ).toBe("AMD EPYC, family 25 model 17 stepping 1, 2,596 MHz, 32 MiB last-level cache");
    expect(cpuDescription({ cpuModel: "AMD EPYC", lastLevelCacheKiB: 1536 })).toBe(
      "AMD EPYC, 1536 KiB last-level cache",
    );
    expect(cpuDescription({ cpuModel: "AMD EPYC" })).toBe("AMD EPYC");
  });
});

import { describe, expect, it } from "vitest";
import { checkSchoolMailbox, checkStudentFields, studentExpiry } from "./student-verification";

const NOW = new Date("2026-11-28T12:00:00Z");
const fields = (over: Partial<Record<"school" | "studentNumber" | "enrolmentYear" | "graduationYear", string>>) => ({
  school: "北京大学",
  studentNumber: "2301210001",
  enrolmentYear: "2023",
  graduationYear: "2027",
  ...over,
});

describe("student fields", () => {
  it("takes a student of this year or later", () => {
    expect(checkStudentFields(fields({}), NOW)).toEqual({
      ok: true,
      value: { school: "北京大学", studentNumber: "2301210001", enrolmentYear: 2023, graduationYear: 2027 },
    });
    expect(checkStudentFields(fields({ graduationYear: "2026" }), new Date("2026-06-30T00:00:00Z")).ok).toBe(true);
    // In November this year's graduates have graduated.
    expect(checkStudentFields(fields({ graduationYear: "2026" }), NOW)).toMatchObject({
      ok: false,
      field: "graduation_year",
    });
  });

  it.each([
    [{ school: " " }, "school"],
    [{ studentNumber: "12" }, "student_number"],
    [{ enrolmentYear: "2027" }, "enrolment_year"],
    [{ enrolmentYear: "20x3" }, "enrolment_year"],
    [{ graduationYear: "2025" }, "graduation_year"],
    [{ enrolmentYear: "2020", graduationYear: "2031" }, "graduation_year"],
    [{ enrolmentYear: "2023", graduationYear: "2023" }, "graduation_year"],
  ])("%j is refused beside %s", (over, field) => {
    expect(checkStudentFields(fields(over), NOW)).toMatchObject({ ok: false, field });
  });

  it("graduation is this year in Beijing even late on 31 December UTC", () => {
    const newYearInBeijing = new Date("2026-12-31T17:00:00Z");
    expect(checkStudentFields(fields({ graduationYear: "2026" }), newYearInBeijing)).toMatchObject({
      ok: false,
      field: "graduation_year",
    });
  });

  it("a student verification ends with 31 July of the graduation year, Beijing time", () => {
    expect(studentExpiry(2027).toISOString()).toBe("2027-07-31T16:00:00.000Z");
  });
});

describe("school mailbox", () => {
  it.each([
    ["Zhang.San@PKU.edu.cn", true],
    ["a@mails.tsinghua.edu.cn", true],
    ["a@gmail.com", false],
    ["a@edu.cn.evil.com", false],
    ["a@fake-edu.cn", false],
    ["@pku.edu.cn", false],
  ])("%s: %s", (email, ok) => expect(checkSchoolMailbox(email).ok).toBe(ok));

  it("keeps the address in lower case and names its domain", () => {
    expect(checkSchoolMailbox(" Zhang@PKU.edu.cn ")).toEqual({
      ok: true,
      value: { email: "zhang@pku.edu.cn", domain: "pku.edu.cn" },
    });
  });
});

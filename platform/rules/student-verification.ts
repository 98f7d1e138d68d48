/**
 * Student verification's fields (issue 37 §1, decision 101). Pure: the /studentverify form and the platform check
 * the same way and say the same sentence beside the same field.
 */

export interface StudentFieldsInput {
  school: string;
  studentNumber: string;
  enrolmentYear: string;
  graduationYear: string;
}

export interface StudentFields {
  school: string;
  studentNumber: string;
  enrolmentYear: number;
  graduationYear: number;
}

export type StudentFieldName = "school" | "student_number" | "enrolment_year" | "graduation_year" | "email";
export type StudentCheck<T> = { ok: true; value: T } | { ok: false; field: StudentFieldName; reason: string };

/** The longest study counted: graduation at most this many years after enrolment. */
export const MAX_STUDY_YEARS = 10;
const SCHOOL = /^[\u3400-\u4dbf\u4e00-\u9fffA-Za-z0-9（）()·\- ]{2,50}$/;
const STUDENT_NUMBER = /^[A-Za-z0-9-]{4,30}$/;
const YEAR = /^\d{4}$/;

/** The calendar year in Beijing (UTC+8, no daylight saving). */
export const beijingYear = (now: Date): number => new Date(now.getTime() + 8 * 3600_000).getUTCFullYear();

/**
 * The school, the student number and the years: enrolment at most this year and at most MAX_STUDY_YEARS ago;
 * graduation this year or later (and not yet past: after 31 July of this year, this year's graduates are refused),
 * after enrolment, and at most MAX_STUDY_YEARS after it.
 */
export function checkStudentFields(input: StudentFieldsInput, now: Date): StudentCheck<StudentFields> {
  const school = input.school.trim().replace(/\s+/g, " ");
  if (school === "") return { ok: false, field: "school", reason: "请输入学校名称" };
  if (!SCHOOL.test(school)) return { ok: false, field: "school", reason: "学校名称为2到50个字" };
  const studentNumber = input.studentNumber.trim();
  if (studentNumber === "") return { ok: false, field: "student_number", reason: "请输入学号" };
  if (!STUDENT_NUMBER.test(studentNumber))
    return { ok: false, field: "student_number", reason: "学号为4到30位字母、数字或连字符" };
  const thisYear = beijingYear(now);
  const enrolment = input.enrolmentYear.trim();
  if (!YEAR.test(enrolment)) return { ok: false, field: "enrolment_year", reason: "请输入4位入学年份" };
  const enrolmentYear = Number(enrolment);
  if (enrolmentYear > thisYear) return { ok: false, field: "enrolment_year", reason: "入学年份不能晚于今年" };
  if (enrolmentYear < thisYear - MAX_STUDY_YEARS)
    return { ok: false, field: "enrolment_year", reason: `入学年份不能早于${thisYear - MAX_STUDY_YEARS}年` };
  const graduation = input.graduationYear.trim();
  if (!YEAR.test(graduation)) return { ok: false, field: "graduation_year", reason: "请输入4位毕业年份" };
  const graduationYear = Number(graduation);
  if (graduationYear < thisYear || studentExpiry(graduationYear) <= now)
    return { ok: false, field: "graduation_year", reason: "已毕业的学生不能进行学生认证" };
  if (graduationYear <= enrolmentYear) return { ok: false, field: "graduation_year", reason: "毕业年份应晚于入学年份" };
  if (graduationYear > enrolmentYear + MAX_STUDY_YEARS)
    return { ok: false, field: "graduation_year", reason: `毕业年份不能晚于入学后${MAX_STUDY_YEARS}年` };
  return { ok: true, value: { school, studentNumber, enrolmentYear, graduationYear } };
}

/** A school mailbox: an address at a domain under edu.cn (e.g. name@pku.edu.cn, name@mails.tsinghua.edu.cn). */
const SCHOOL_MAILBOX = /^[A-Za-z0-9._%+-]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+edu\.cn$/;

export function checkSchoolMailbox(raw: string): StudentCheck<{ email: string; domain: string }> {
  const email = raw.trim().toLowerCase();
  if (email === "") return { ok: false, field: "email", reason: "请输入学校邮箱" };
  if (email.length > 254 || !SCHOOL_MAILBOX.test(email))
    return { ok: false, field: "email", reason: "请使用以 .edu.cn 结尾的学校邮箱" };
  return { ok: true, value: { email, domain: email.slice(email.indexOf("@") + 1) } };
}

/** When a student verification stops holding: the end of 31 July of the graduation year, Beijing time. */
export const studentExpiry = (graduationYear: number): Date => new Date(Date.UTC(graduationYear, 6, 31, 16, 0, 0));

/** How pages show a student number: its first and last two characters, the rest starred (23******01). */
export const maskStudentNumber = (value: string): string =>
  value.length <= 4
    ? "*".repeat(value.length)
    : `${value.slice(0, 2)}${"*".repeat(value.length - 4)}${value.slice(-2)}`;

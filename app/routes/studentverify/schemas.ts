import { z } from "zod";
import { checkSchoolMailbox, checkStudentFields } from "../../../platform/rules/student-verification";

const text = (max: number) => z.string().max(max).optional().default("");

/** The details, checked by the platform's pure rule; the first problem stands beside its field. */
export const StudentFieldsSchema = z
  .object({
    school: text(100),
    student_number: text(60),
    enrolment_year: text(8),
    graduation_year: text(8),
  })
  .superRefine((v, ctx) => {
    const checked = checkStudentFields(
      {
        school: v.school,
        studentNumber: v.student_number,
        enrolmentYear: v.enrolment_year,
        graduationYear: v.graduation_year,
      },
      new Date(),
    );
    if (!checked.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [checked.field], message: checked.reason });
  });

export const MailboxCodeSchema = z
  .object({
    school: text(100),
    student_number: text(60),
    enrolment_year: text(8),
    graduation_year: text(8),
    email: text(320),
  })
  .superRefine((v, ctx) => {
    const mailbox = checkSchoolMailbox(v.email);
    if (!mailbox.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["email"], message: mailbox.reason });
  })
  .and(StudentFieldsSchema);

export const MailboxVerifySchema = z.object({
  code: z
    .string({ required_error: "请输入6位邮箱验证码" })
    .trim()
    .regex(/^\d{6}$/, "请输入6位邮箱验证码"),
});

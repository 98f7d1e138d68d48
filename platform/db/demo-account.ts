/** The demo account of the README: phone 13800000000, password demo1234. */
export const DEMO = {
  phone: "13800000000",
  password: "demo1234",
  subAccount: { name: "lab-student", password: "student1234", moneyLimitFen: 500_00 },
} as const;

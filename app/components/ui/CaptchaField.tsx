import { useEffect, useState } from "react";
import type { CaptchaWire } from "~/upstream/security.server";
import { Field, FieldError } from "./Field";
import { styled } from "./stitches.config";

const Box = styled("fieldset", {
  border: "1px solid $border",
  borderRadius: "$sm",
  padding: "$3",
  margin: "0 0 $3",
  legend: { padding: "0 $1", fontSize: "$md" },
  img: { display: "block", marginBottom: "$2", border: "1px solid $border", borderRadius: "$sm" },
});
const Status = styled("p", { margin: "0 0 $2", fontSize: "$sm", color: "$mutedText" });
const Passed = styled("p", { margin: "0 0 $1", fontSize: "$md", color: "$successText" });

type Work = { state: "working" } | { state: "passed"; answer: string } | { state: "manual" };

/**
 * The CAPTCHA a form shows after the platform asked for one (decision 025).
 * Without JavaScript: the image and a field for its characters. With
 * JavaScript the browser also solves the proof-of-work puzzle in the
 * background; once it has, the image is not needed.
 */
export function CaptchaField({ captcha, error }: { captcha: CaptchaWire | null | undefined; error?: string | null }) {
  const [work, setWork] = useState<Work>({ state: "manual" });
  const id = captcha?.captcha_id;
  const pow = captcha?.pow;

  useEffect(() => {
    if (!id || !pow) return;
    const controller = new AbortController();
    setWork({ state: "working" });
    import("~/utils/proof-of-work.client")
      .then(({ solveProofOfWork }) => solveProofOfWork(pow, controller.signal))
      .then((answer) => {
        if (!controller.signal.aborted) setWork(answer ? { state: "passed", answer } : { state: "manual" });
      })
      .catch(() => {
        if (!controller.signal.aborted) setWork({ state: "manual" });
      });
    return () => controller.abort();
  }, [id, pow]);

  if (!captcha) return null;
  return (
    <Box data-testid="captcha">
      <legend>安全验证</legend>
      <input type="hidden" name="captcha_id" value={captcha.captcha_id} />
      {work.state === "passed" ? (
        <>
          <input type="hidden" name="captcha_pow" value={work.answer} />
          <Passed role="status">✓ 已自动完成人机验证，请继续提交</Passed>
          <FieldError role={error ? "alert" : undefined}>{error ?? ""}</FieldError>
        </>
      ) : (
        <>
          {work.state === "working" && <Status role="status">正在自动验证，也可直接输入下图中的字符…</Status>}
          <img src={captcha.image} alt="图形验证码，请输入图中的5个字符" width={150} height={50} />
          <Field
            label="图形验证码"
            name="captcha_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={8}
            error={error}
          />
        </>
      )}
    </Box>
  );
}

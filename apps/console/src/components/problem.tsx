/** A refusal or failure in words, announced as it appears; nothing when there is none. */
export function Problem({ text }: { text: string }) {
  return text ? (
    <p className="form-error" role="alert">
      {text}
    </p>
  ) : null;
}

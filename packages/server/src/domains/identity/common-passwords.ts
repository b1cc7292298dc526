/**
 * The ~49,000 most common passwords of leaked password sets, as zxcvbn-ts keeps them (lower case),
 * loaded and built into a set at the first check: registrations and password changes are rare, and the
 * list costs about 2.5 MiB of heap and 10 MiB resident that an idle process need not hold (issue #23).
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** Whether `password` is one of the most common passwords, ignoring case and surrounding spaces. */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return (await commonPasswords).has(password.trim().toLowerCase());
}

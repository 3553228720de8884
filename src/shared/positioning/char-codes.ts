// The character codes the answer readers compare with `charCodeAt` (a code compare, no string
// made), named once for every reader.

export const TAB = 9;
export const NEWLINE = 10;
export const SPACE = 32;
export const STAR = 42;
export const COMMA = 44;
export const DASH = 45;
export const PERIOD = 46;
export const COLON = 58;
export const SEMICOLON = 59;
export const BACKSLASH = 92;
export const PIPE = 124;

// JSON that keeps integers wider than 2^53 exact: the Game of Y sends its
// bitboards as plain JSON integers (up to 361 bits on a size-19 board), which
// JSON.parse would round. Such integers come back as BigInt; every other value
// is parsed exactly as JSON.parse would.

const MARK = "\u0000bigint:";

function sourceTextSupported() {
  let ok = false;
  try {
    JSON.parse("1", (key, value, context) => {
      ok = Boolean(context && context.source === "1");
      return value;
    });
  } catch {
    ok = false;
  }
  return ok;
}

const HAS_SOURCE = sourceTextSupported();

function isWideInteger(value, source) {
  return typeof value === "number" && !Number.isSafeInteger(value) && /^-?\d+$/.test(source);
}

// Browsers without the reviver's source text: quote every long integer literal
// outside strings, then turn the marked strings back into BigInt.
function quoteWideIntegers(text) {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === "-" || (ch >= "0" && ch <= "9")) {
      let j = i + 1;
      while (j < n && /[0-9eE+.-]/.test(text[j])) j += 1;
      const token = text.slice(i, j);
      const wide = /^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token));
      out += wide ? `"${MARK}${token}"` : token;
      i = j;
    } else {
      out += ch;
      i += 1;
    }
  }
  return out;
}

export function parseJSON(text) {
  if (HAS_SOURCE) {
    return JSON.parse(text, (key, value, context) =>
      context && isWideInteger(value, context.source) ? BigInt(context.source) : value,
    );
  }
  return JSON.parse(quoteWideIntegers(text), (key, value) =>
    typeof value === "string" && value.startsWith(MARK) ? BigInt(value.slice(MARK.length)) : value,
  );
}

export const _testing = { quoteWideIntegers, HAS_SOURCE };

// A byte-level pass over XML as it streams by, chunk after chunk: it follows element nesting and
// reports each opening tag's local name, without building anything. Enough to bound depth and count
// elements (<si>, <row>, <c>) before a real parser is given the text. A DOCTYPE is refused: no
// workbook part needs one, and it is where entity expansion bombs live.
import { FileLimitError } from './file-limits.ts';

const LT = 0x3c, GT = 0x3e, SLASH = 0x2f, BANG = 0x21, QUESTION = 0x3f, DQ = 0x22, SQ = 0x27, COLON = 0x3a, DASH = 0x2d, BRACKET = 0x5d, D = 0x44;

const enum State { Text, TagStart, Name, Attributes, Quoted, Closing, Bang, Skip }

export interface XmlScanHandlers {
  /** An element opened (its local name, without a namespace prefix), at this depth (the root is 1). */
  open(name: string, depth: number): void;
  /** The deepest an element may open; deeper calls tooDeep, which throws. */
  maxDepth: number;
  tooDeep(): never;
}

export class XmlScan {
  private state = State.Text;
  private depth = 0;
  private name = '';
  private nameFull = false;
  private quote = 0;
  private slash = false;
  /** What ends a skipped construct (comment, CDATA, processing instruction): its last bytes. */
  private end: number[] = [];
  private recent: number[] = [0, 0];
  private bangSeen = 0;

  constructor(private readonly handlers: XmlScanHandlers) {}

  push(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      switch (this.state) {
        case State.Text: {
          // Text between tags is most of a sheet: jump to the next '<' natively.
          const next = b === LT ? i : bytes.indexOf(LT, i);
          if (next < 0) return;
          i = next;
          this.state = State.TagStart;
          break;
        }
        case State.TagStart:
          if (b === SLASH) this.state = State.Closing;
          else if (b === QUESTION) this.skipUntil([QUESTION, GT]);
          else if (b === BANG) ((this.state = State.Bang), (this.bangSeen = 0));
          else ((this.state = State.Name), (this.name = String.fromCharCode(b)), (this.nameFull = false), (this.slash = false));
          break;
        case State.Name:
          if (b === GT || b === SLASH || b <= 0x20) {
            this.state = State.Attributes;
            i--; // the attributes state reads this byte
          } else if (b === COLON) this.name = '';
          else if (!this.nameFull) {
            this.name += String.fromCharCode(b);
            this.nameFull = this.name.length > 16; // names longer than any counted one need not be whole
          }
          break;
        case State.Attributes:
          if (b === DQ || b === SQ) ((this.quote = b), (this.state = State.Quoted));
          else if (b === GT) this.opened();
          else if (b > 0x20) this.slash = b === SLASH;
          break;
        case State.Quoted: {
          const close = b === this.quote ? i : bytes.indexOf(this.quote, i);
          if (close < 0) return;
          i = close;
          this.state = State.Attributes;
          this.slash = false;
          break;
        }
        case State.Closing:
          if (b === GT) ((this.state = State.Text), this.depth--);
          break;
        case State.Bang:
          // <!-- comment -->, <![CDATA[ … ]]>, and <!DOCTYPE (refused).
          if (this.bangSeen++ === 0) {
            if (b === DASH) this.skipUntil([DASH, DASH, GT]);
            else if (b === 0x5b) this.skipUntil([BRACKET, BRACKET, GT]);
            else if (b === D) throw new FileLimitError('The file is not a readable Excel workbook (an XML part declares a DOCTYPE).');
            else this.skipUntil([GT]);
          }
          break;
        case State.Skip: {
          const [a = 0, c = 0] = this.recent;
          this.recent = [c, b];
          const e = this.end;
          if (b === e[e.length - 1] && (e.length < 2 || c === e[e.length - 2]) && (e.length < 3 || a === e[e.length - 3])) this.state = State.Text;
          break;
        }
      }
    }
  }

  private skipUntil(end: number[]) {
    this.state = State.Skip;
    this.end = end;
    this.recent = [0, 0];
  }

  private opened() {
    this.state = State.Text;
    const depth = this.depth + 1;
    if (depth > this.handlers.maxDepth) this.handlers.tooDeep();
    this.handlers.open(this.name, depth);
    if (!this.slash) this.depth = depth;
  }
}

"""gradebox typed text — what a script prints from constants, as a reader of its code sees it.

A human grader who meets `print(''.join(chr(c - 3) for c in [119, 117, ...]))`
or `print(f'rude {(704 + 7) / 10**3:.3f}')` reads it as typed output: the text
depends on nothing the run computed, only on numbers written into the script.
The grader's typed_output check (grader/score/score_typed.c) finds checked
numbers inside string literals; this module gives it the rest of what a reader
sees, by evaluating the script's constant expressions without running it:

- every print() call's arguments that fold to constants (runs of them, joined
  with the call's sep), once per pass of the enclosing `for` loops whose
  iterables are constants;
- every other expression that folds to text: a join of chr() codes, a decoded
  bytes literal, an f-string whose fields are arithmetic on literals.

Folding knows Python's own arithmetic, str/bytes methods, chr/ord and the
like, names bound once to constants, comprehensions, one-line helpers
("def v(a, b): return a / b", their body folded with the arguments), and the
standard decoders (base64, binascii, codecs, zlib, ...).  It never calls
numpy, torch, math or a function that does more than return one expression:
those are computation, and an honest script computes its results from the
module's literal inputs that way.

Nothing of the student's code runs here: the source is parsed with ast and
only the operations above are evaluated, each bounded in size and the whole
in steps.  fold(source) returns [(line, text)]; write_report() is what
sitecustomize calls before the script starts (the report is the grader's:
behind the run's token, so a file the script writes is not believed).
"""
import ast
import base64
import binascii
import codecs
import os
import re
import zlib

MAX_STEPS = 400000       # evaluation steps for the whole script
MAX_SIZE = 200000        # longest string, bytes or sequence an operation may make
MAX_LOOP = 4000          # passes of the enclosing loops folded per expression
MAX_TEXT = 1 << 20       # bytes of report
_WIDE_SPEC = re.compile(r"\d{5,}")   # a format width or precision that would allocate


class NotConst(Exception):
    """The expression depends on something the script computes (or is too big)."""


def _sized(value):
    if isinstance(value, (str, bytes, bytearray, list, tuple, dict, set)) and len(value) > MAX_SIZE:
        raise NotConst
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4096:
        raise NotConst
    return value


def _small_ints(args):
    for a in args:
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_SIZE:
            raise NotConst


def _narrow(template):
    """A format spec or template whose widths allocate at most MAX_SIZE."""
    if isinstance(template, (bytes, bytearray)):
        template = bytes(template).decode("latin-1")
    if not isinstance(template, str) or _WIDE_SPEC.search(template):
        raise NotConst
    return template


def _range(*args):
    _small_ints(args)
    return list(range(*args))


def _bounded_decompress(data, wbits=zlib.MAX_WBITS):
    d = zlib.decompressobj(wbits)
    out = d.decompress(bytes(data), MAX_SIZE + 1)
    return _sized(out)


# Builtins that only reshape or spell out what they are given.
_FUNCS = {
    "chr": chr, "ord": ord, "str": str, "int": int, "float": float, "bool": bool,
    "round": round, "abs": abs, "len": len, "sum": sum, "min": min, "max": max,
    "list": list, "tuple": tuple, "sorted": sorted, "format": format, "repr": repr,
    "divmod": divmod, "hex": hex, "oct": oct, "bin": bin, "range": _range,
    "reversed": lambda x: list(reversed(x)), "zip": lambda *a: list(zip(*a)),
    "enumerate": lambda *a: list(enumerate(*a)), "dict": dict, "set": set,
    "bytes": bytes, "bytearray": bytearray,
}

# The standard decoders, by dotted name after import aliases are resolved.
_DOTTED = {
    "base64.b64decode": base64.b64decode, "base64.b32decode": base64.b32decode,
    "base64.b16decode": base64.b16decode, "base64.a85decode": base64.a85decode,
    "base64.b85decode": base64.b85decode, "base64.urlsafe_b64decode": base64.urlsafe_b64decode,
    "base64.standard_b64decode": base64.standard_b64decode,
    "base64.decodebytes": base64.decodebytes,
    "binascii.unhexlify": binascii.unhexlify, "binascii.a2b_hex": binascii.a2b_hex,
    "binascii.a2b_base64": binascii.a2b_base64,
    "codecs.decode": codecs.decode, "codecs.encode": codecs.encode,
    "zlib.decompress": lambda d, *a: _bounded_decompress(d, *a[:1]),
    "gzip.decompress": lambda d: _bounded_decompress(d, 31),
    "bytes.fromhex": bytes.fromhex, "bytearray.fromhex": bytearray.fromhex,
    "int.from_bytes": int.from_bytes, "str.join": str.join,
    "operator.xor": lambda a, b: a ^ b,
}

_TEXT_METHODS = {
    "join", "format", "decode", "encode", "replace", "upper", "lower", "strip", "lstrip",
    "rstrip", "split", "rsplit", "splitlines", "rjust", "ljust", "center", "zfill", "title",
    "capitalize", "swapcase", "translate", "partition", "rpartition", "removeprefix",
    "removesuffix", "expandtabs", "casefold", "hex", "startswith", "endswith", "count",
    "find", "index",
}
_SEQ_METHODS = {"index", "count", "get", "keys", "values", "items", "copy", "to_bytes"}

_BINOPS = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a ** b, ast.BitXor: lambda a, b: a ^ b, ast.BitAnd: lambda a, b: a & b,
    ast.BitOr: lambda a, b: a | b, ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b,
}
_UNOPS = {ast.USub: lambda a: -a, ast.UAdd: lambda a: +a, ast.Invert: lambda a: ~a,
          ast.Not: lambda a: not a}
_CMPOPS = {ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
           ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
           ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
           ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


def _guard_binop(op, a, b):
    """Refuses the operations whose result would be huge before making it."""
    if isinstance(op, ast.Mult):
        for seq, n in ((a, b), (b, a)):
            if isinstance(seq, (str, bytes, list, tuple)) and isinstance(n, int):
                if len(seq) * max(n, 0) > MAX_SIZE:
                    raise NotConst
    if isinstance(op, ast.Pow) and isinstance(a, int) and isinstance(b, int):
        if b > 256 or a.bit_length() * max(b, 0) > 4096:
            raise NotConst
    if isinstance(op, ast.LShift) and isinstance(b, int) and b > 4096:
        raise NotConst
    if isinstance(op, ast.Mod) and isinstance(a, (str, bytes)):
        _narrow(a)


class _Folder:
    """Evaluates constant expressions of one parsed script."""

    def __init__(self, tree):
        self.steps = 0
        self.modules = {}        # alias -> dotted module or function name
        self.bindings = {}       # name -> [value node, or None for a binding that is not const]
        self.memo = {}
        self.busy = set()
        self.functions = {}      # name -> (params, returned expression) of one-line helpers
        self._collect(tree)

    # ---- what names mean ----
    def _bind(self, target, value):
        if isinstance(target, ast.Name):
            self.bindings.setdefault(target.id, []).append(value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for i, elt in enumerate(target.elts):
                sub = None
                if value is not None and not isinstance(elt, ast.Starred):
                    sub = ast.Subscript(value=value, slice=ast.Constant(i), ctx=ast.Load())
                self._bind(elt.value if isinstance(elt, ast.Starred) else elt, sub)

    def _collect(self, tree):
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    self.modules[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module:
                for a in node.names:
                    self.modules[a.asname or a.name] = node.module + "." + a.name
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    self._bind(t, node.value)
            elif isinstance(node, ast.AnnAssign):
                self._bind(node.target, node.value)
            elif isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor, ast.comprehension)):
                self._bind(node.target, None)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.bindings.setdefault(node.name, []).append(None)
                helper = _one_line_helper(node)
                if helper:
                    self.functions[node.name] = helper
                if not isinstance(node, ast.ClassDef):
                    for a in ast.walk(node.args):
                        if isinstance(a, ast.arg):
                            self.bindings.setdefault(a.arg, []).append(None)
            elif isinstance(node, ast.Lambda):
                for a in ast.walk(node.args):
                    if isinstance(a, ast.arg):
                        self.bindings.setdefault(a.arg, []).append(None)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        self._bind(item.optional_vars, None)
            elif isinstance(node, ast.NamedExpr):
                self._bind(node.target, None)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.bindings.setdefault(node.name, []).append(None)
            elif isinstance(node, (ast.Global, ast.Nonlocal, ast.Delete)):
                for name in getattr(node, "names", []):
                    self.bindings.setdefault(name, []).append(None)

    def name(self, ident, env):
        if ident in env:
            return env[ident]
        found = self.bindings.get(ident)
        if not found or len(found) != 1 or found[0] is None:
            raise NotConst
        if not env and ident in self.memo:
            return self.memo[ident]
        if ident in self.busy:
            raise NotConst
        self.busy.add(ident)
        try:
            # under the loop bindings of the use: "line = ''.join(map(chr, row))"
            # inside "for row in ROWS:" folds once per row
            value = self.ev(found[0], env)
        finally:
            self.busy.discard(ident)
        if not env:
            self.memo[ident] = value
        return value

    def dotted(self, node):
        """'base64.b64decode' for base64.b64decode under any import alias."""
        if isinstance(node, ast.Name):
            if node.id in self.modules:
                return self.modules[node.id]
            return node.id if node.id in ("bytes", "bytearray", "int", "str") else None
        if isinstance(node, ast.Attribute):
            head = self.dotted(node.value)
            return head + "." + node.attr if head else None
        return None

    # ---- evaluation ----
    def ev(self, node, env):
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise NotConst
        kind = type(node)
        if kind is ast.Constant:
            return node.value
        if kind is ast.Name:
            return self.name(node.id, env)
        if kind is ast.BinOp:
            a, b = self.ev(node.left, env), self.ev(node.right, env)
            op = _BINOPS.get(type(node.op))
            if op is None:
                raise NotConst
            _guard_binop(node.op, a, b)
            return _sized(op(a, b))
        if kind is ast.UnaryOp:
            return _UNOPS[type(node.op)](self.ev(node.operand, env))
        if kind is ast.BoolOp:
            values = [self.ev(v, env) for v in node.values]
            out = values[0]
            for v in values[1:]:
                out = (out and v) if isinstance(node.op, ast.And) else (out or v)
            return out
        if kind is ast.Compare:
            left = self.ev(node.left, env)
            for op, right in zip(node.ops, node.comparators):
                r = self.ev(right, env)
                if type(op) not in _CMPOPS or not _CMPOPS[type(op)](left, r):
                    return False
                left = r
            return True
        if kind is ast.IfExp:
            return self.ev(node.body if self.ev(node.test, env) else node.orelse, env)
        if kind in (ast.Tuple, ast.List, ast.Set):
            items = []
            for e in node.elts:
                if isinstance(e, ast.Starred):
                    items.extend(self.ev(e.value, env))
                else:
                    items.append(self.ev(e, env))
            _sized(items)
            return tuple(items) if kind is ast.Tuple else set(items) if kind is ast.Set else items
        if kind is ast.Dict:
            if any(k is None for k in node.keys):
                raise NotConst
            return {self.ev(k, env): self.ev(v, env) for k, v in zip(node.keys, node.values)}
        if kind is ast.Subscript:
            return self.subscript(node, env)
        if kind is ast.JoinedStr:
            return "".join(self.ev(v, env) if isinstance(v, ast.Constant) else self.field(v, env)
                           for v in node.values)
        if kind is ast.FormattedValue:
            return self.field(node, env)
        if kind in (ast.ListComp, ast.GeneratorExp, ast.SetComp):
            return list(self.comprehension(node.generators, env, lambda e: self.ev(node.elt, e)))
        if kind is ast.DictComp:
            return dict(self.comprehension(node.generators, env,
                                           lambda e: (self.ev(node.key, e), self.ev(node.value, e))))
        if kind is ast.Call:
            return self.call(node, env)
        raise NotConst

    def field(self, node, env):
        value = self.ev(node.value, env)
        spec = _narrow(self.ev(node.format_spec, env)) if node.format_spec is not None else ""
        if node.conversion == ord("r"):
            value = repr(value)
        elif node.conversion == ord("s"):
            value = str(value)
        elif node.conversion == ord("a"):
            value = ascii(value)
        return _sized(format(value, spec))

    def subscript(self, node, env):
        value = self.ev(node.value, env)
        if not isinstance(value, (str, bytes, bytearray, list, tuple, dict, range)):
            raise NotConst
        s = node.slice
        if isinstance(s, ast.Slice):
            parts = [self.ev(p, env) if p is not None else None for p in (s.lower, s.upper, s.step)]
            return value[slice(*parts)]
        return value[self.ev(s, env)]

    def comprehension(self, generators, env, make):
        """Yields make(env) for each binding of the generators' targets."""
        if not generators:
            yield make(env)
            return
        g, rest = generators[0], generators[1:]
        items = self.ev(g.iter, env)
        if not isinstance(items, (str, bytes, bytearray, list, tuple, dict, set, range)):
            raise NotConst
        count = 0
        for item in items:
            count += 1
            if count > MAX_SIZE:
                raise NotConst
            inner = dict(env)
            _assign(g.target, item, inner)
            if all(self.ev(cond, inner) for cond in g.ifs):
                yield from self.comprehension(rest, inner, make)

    def call(self, node, env):
        if any(isinstance(a, ast.Starred) for a in node.args):
            raise NotConst
        func = node.func
        if isinstance(func, ast.Name) and func.id == "map" and "map" not in self.bindings:
            if len(node.args) < 2 or node.keywords:
                raise NotConst
            fn = self.callable_of(node.args[0], env)
            seqs = [self.iterable(self.ev(a, env)) for a in node.args[1:]]
            return _sized([fn(*xs) for xs in zip(*seqs)])
        args = [self.ev(a, env) for a in node.args]
        kwargs = {k.arg: self.ev(k.value, env) for k in node.keywords if k.arg}
        if len(kwargs) != len(node.keywords):
            raise NotConst
        _small_ints(args + list(kwargs.values()))
        if isinstance(func, ast.Name) and func.id == "format" and len(args) > 1:
            _narrow(args[1])
        dotted = self.dotted(func)
        if dotted in _DOTTED:
            return _sized(_DOTTED[dotted](*args, **kwargs))
        if isinstance(func, ast.Name) and func.id in _FUNCS and func.id not in self.bindings:
            if func.id in ("bytes", "bytearray") and args and isinstance(args[0], int):
                _small_ints(args[:1])
            return _sized(_FUNCS[func.id](*args, **kwargs))
        if (isinstance(func, ast.Name) and func.id in self.functions and
                len(self.bindings.get(func.id, [])) == 1 and not kwargs):
            params, body = self.functions[func.id]
            if len(params) != len(args) or func.id in self.busy:
                raise NotConst
            self.busy.add(func.id)
            try:
                return self.ev(body, dict(zip(params, args)))
            finally:
                self.busy.discard(func.id)
        if isinstance(func, ast.Attribute) and not dotted:
            receiver = self.ev(func.value, env)
            allowed = (_TEXT_METHODS if isinstance(receiver, (str, bytes, bytearray))
                       else _SEQ_METHODS)
            if func.attr not in allowed:
                raise NotConst
            if func.attr == "format":
                _narrow(receiver)
            out = getattr(receiver, func.attr)(*args, **kwargs)
            return _sized(list(out) if func.attr in ("keys", "values", "items") else out)
        raise NotConst

    def callable_of(self, node, env):
        if isinstance(node, ast.Name) and node.id in _FUNCS and node.id not in self.bindings:
            return _FUNCS[node.id]
        if isinstance(node, ast.Lambda) and not node.args.vararg and not node.args.kwarg:
            names = [a.arg for a in node.args.args]
            return lambda *xs: self.ev(node.body, dict(env, **dict(zip(names, xs))))
        raise NotConst

    @staticmethod
    def iterable(value):
        if not isinstance(value, (str, bytes, bytearray, list, tuple, dict, set, range)):
            raise NotConst
        return value


def _one_line_helper(node):
    """(params, expression) of "def v(a, b): return a / b" — a helper whose
    whole body returns one expression of its plain parameters; else None."""
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return None
    args = node.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults or args.posonlyargs:
        return None
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]    # a docstring
    if len(body) != 1 or not isinstance(body[0], ast.Return) or body[0].value is None:
        return None
    return [a.arg for a in args.args], body[0].value


def _assign(target, value, env):
    if isinstance(target, ast.Name):
        env[target.id] = value
    elif isinstance(target, (ast.Tuple, ast.List)):
        items = list(value)
        if len(items) != len(target.elts) or any(isinstance(e, ast.Starred) for e in target.elts):
            raise NotConst
        for t, v in zip(target.elts, items):
            _assign(t, v, env)
    else:
        raise NotConst


def _text(value):
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    return str(value)


def _loop_envs(folder, loops):
    """Each binding of the enclosing for-loops' targets whose iterables fold
    (a loop over computed values leaves its target unbound)."""
    envs = [{}]
    for loop in loops:
        try:
            items = list(_Folder.iterable(folder.ev(loop.iter, {})))
        except Exception:  # noqa: BLE001 - NotConst, or anything unexpected: not constant
            continue
        grown = []
        for env in envs:
            for item in items:
                inner = dict(env)
                try:
                    _assign(loop.target, item, inner)
                except NotConst:
                    continue
                grown.append(inner)
                if len(grown) > MAX_LOOP:
                    return envs
        envs = grown
    return envs


def _is_literal(node):
    return isinstance(node, ast.Constant) or (
        isinstance(node, ast.JoinedStr) and all(isinstance(v, ast.Constant) for v in node.values))


def _runs(pieces, joiner):
    """Joined runs of consecutive texts (None ends a run) that hold at least
    one folded piece: pieces are (text or None, folded)."""
    runs, run, folded = [], [], False
    for text, was_folded in list(pieces) + [(None, False)]:
        if text is None:
            if run and folded:
                runs.append(joiner.join(run))
            run, folded = [], False
            continue
        run.append(text)
        folded = folded or was_folded
    return runs


def _folded_arg(folder, a, sep, env):
    """A print argument's text when it folds, else None."""
    try:
        if isinstance(a, ast.Starred):   # print(*[chr(c) for c in codes], sep='')
            return sep.join(_text(v) for v in _Folder.iterable(folder.ev(a.value, env)))
        return _text(folder.ev(a, env))
    except Exception:  # noqa: BLE001 - NotConst and any error the operation raises
        return None


def _folded_field(folder, v, env):
    """An f-string piece's text: its literal text, or the field folded, else None."""
    if isinstance(v, ast.Constant):
        return str(v.value)
    try:
        return folder.field(v, env)
    except Exception:  # noqa: BLE001
        return None


def _print_runs(folder, call, env):
    """The texts of the print call's runs of constant arguments."""
    sep = " "
    for k in call.keywords:
        if k.arg == "sep":
            try:
                sep = folder.ev(k.value, env)
            except Exception:  # noqa: BLE001
                return []
            sep = " " if sep is None else str(sep)
    return _runs(((_folded_arg(folder, a, sep, env), not _is_literal(a)) for a in call.args), sep)


def _fstring_runs(folder, node, env):
    """An f-string with computed fields: its runs of literal text and fields
    that fold, where a run holds at least one folded field."""
    return _runs(((_folded_field(folder, v, env), not isinstance(v, ast.Constant))
                  for v in node.values), "")


def _parents(tree):
    parent = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parent[child] = node
    return parent


def _loops_of(node, parent):
    loops = []
    while node in parent:
        up = parent[node]
        if isinstance(up, ast.For) and node is not up.iter and node is not up.target:
            loops.append(up)
        node = up
    return loops[::-1]


def _is_print(node):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and
            node.func.id == "print")


def _folds_to_text(node):
    return isinstance(node, (ast.JoinedStr, ast.Call, ast.BinOp)) and not _is_literal(node)


def fold(source):
    """[(line, text)]: what the script prints or builds from constants alone."""
    tree = ast.parse(source)
    folder = _Folder(tree)
    parent = _parents(tree)
    loop_envs = {}    # the enclosing loops of a node -> their bindings, folded once

    def envs_of(node):
        loops = tuple(_loops_of(node, parent))
        if loops not in loop_envs:
            loop_envs[loops] = _loop_envs(folder, loops)
        return loop_envs[loops]

    out, seen, size = [], set(), 0
    stack = [tree]
    while stack and folder.steps < MAX_STEPS and size < MAX_TEXT:
        node = stack.pop()
        texts = []
        if _is_print(node):
            for env in envs_of(node):
                texts += _print_runs(folder, node, env)
        elif _folds_to_text(node):
            for env in envs_of(node):
                try:
                    value = folder.ev(node, env)
                except Exception:  # noqa: BLE001
                    break
                if isinstance(value, (str, bytes, bytearray)):
                    texts.append(_text(value))
            if not texts and isinstance(node, ast.JoinedStr):
                for env in envs_of(node):
                    texts += _fstring_runs(folder, node, env)
        if texts and not _is_print(node):
            texts = [t for t in texts if any(c.isdigit() for c in t)]
        for t in texts:
            if (node.lineno, t) not in seen:
                seen.add((node.lineno, t))
                out.append((node.lineno, t))
                size += len(t)
        if not texts or _is_print(node):
            stack.extend(reversed(list(ast.iter_child_nodes(node))))
    return sorted(out, key=lambda r: r[0])


def write_report(script, path, token):
    """The report file the grader reads: the token, then per text
    'LINE LENGTH' and the text's UTF-8 bytes on the next line."""
    chunks = [token.encode() + b"\n"]
    try:
        with open(script, "rb") as f:
            source = f.read()
        records = fold(source)
        chunks.append(b"folded\n")
    except (SyntaxError, ValueError, RecursionError, MemoryError, OSError) as exc:
        records = []
        chunks.append(("unread %s\n" % type(exc).__name__).encode())
    size = 0
    for line, text in records:
        data = text.encode("utf-8", "replace")
        size += len(data)
        if size > MAX_TEXT:
            break
        chunks.append(b"%d %d\n" % (line, len(data)) + data + b"\n")
    data = memoryview(b"".join(chunks))
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        while data:
            data = data[os.write(fd, data):]
    finally:
        os.close(fd)

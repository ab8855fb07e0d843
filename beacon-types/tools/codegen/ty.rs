//! The spec's types and lengths, parsed from the schema's spelling
//! (`List[Validator, VALIDATOR_REGISTRY_LIMIT]`).

/// A length expression of the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Len {
    Num(u64),
    Const(String),
    Mul(Box<Len>, Box<Len>),
    Add(Box<Len>, Box<Len>),
    Div(Box<Len>, Box<Len>),
}

/// A type of the spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    Named(String),
    List(Box<Ty>, Len),
    Vector(Box<Ty>, Len),
    Bitlist(Len),
    Bitvector(Len),
    ByteList(Len),
    ByteVector(Len),
    /// `ProgressiveList[T]` (EIP-7916, v1.7.0-alpha.13 Gloas).
    ProgressiveList(Box<Ty>),
}

/// The spellings of `ProgressiveBitlist` (v1.7.0-alpha.13 writes
/// `ProgressiveBitList`) and of `ProgressiveByteList`, as the schema
/// resolves them.
pub(super) fn progressive_named(name: &str) -> Option<&'static str> {
    match name {
        "ProgressiveBitlist" | "ProgressiveBitList" => Some("ProgressiveBitlist"),
        "ProgressiveByteList" => Some("ProgressiveByteList"),
        _ => None,
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Ident(String),
    Num(u64),
    Punct(&'static str),
}

pub(super) fn tokenize(s: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Token::Num(
                s[start..i].parse().map_err(|e| format!("{s}: {e}"))?,
            ));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Token::Ident(s[start..i].to_owned()));
        } else if s[i..].starts_with("//") {
            out.push(Token::Punct("//"));
            i += 2;
        } else {
            let p = match c {
                b'[' => "[",
                b']' => "]",
                b'(' => "(",
                b')' => ")",
                b',' => ",",
                b'*' => "*",
                b'+' => "+",
                _ => return Err(format!("unexpected {:?} in {s:?}", c as char)),
            };
            out.push(Token::Punct(p));
            i += 1;
        }
    }
    Ok(out)
}

pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) tokens: Vec<Token>,
    pub(super) pos: usize,
}

impl Parser<'_> {
    pub(super) fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    pub(super) fn next(&mut self) -> Result<Token, String> {
        let t = self
            .tokens
            .get(self.pos)
            .cloned()
            .ok_or_else(|| format!("{:?} ends early", self.text))?;
        self.pos += 1;
        Ok(t)
    }

    pub(super) fn expect(&mut self, p: &'static str) -> Result<(), String> {
        match self.next()? {
            Token::Punct(q) if q == p => Ok(()),
            t => Err(format!("expected {p:?}, found {t:?} in {:?}", self.text)),
        }
    }

    pub(super) fn eat(&mut self, p: &'static str) -> bool {
        if self.peek() == Some(&Token::Punct(p)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(super) fn ty(&mut self) -> Result<Ty, String> {
        let name = match self.next()? {
            Token::Ident(name) => name,
            t => return Err(format!("expected a type, found {t:?} in {:?}", self.text)),
        };
        if !self.eat("[") {
            return Ok(Ty::Named(name));
        }
        let ty = match name.as_str() {
            "List" | "Vector" => {
                let elem = Box::new(self.ty()?);
                self.expect(",")?;
                let len = self.len()?;
                if name == "List" {
                    Ty::List(elem, len)
                } else {
                    Ty::Vector(elem, len)
                }
            }
            // v1.7.0-alpha.13 spells them `BitList`, `BitVector`.
            "Bitlist" | "BitList" => Ty::Bitlist(self.len()?),
            "Bitvector" | "BitVector" => Ty::Bitvector(self.len()?),
            "ProgressiveList" => Ty::ProgressiveList(Box::new(self.ty()?)),
            "ByteList" => Ty::ByteList(self.len()?),
            "ByteVector" => Ty::ByteVector(self.len()?),
            _ => {
                return Err(format!(
                    "unknown type constructor {name} in {:?}",
                    self.text
                ))
            }
        };
        self.expect("]")?;
        Ok(ty)
    }

    pub(super) fn len(&mut self) -> Result<Len, String> {
        let mut left = self.product()?;
        while self.eat("+") {
            left = Len::Add(Box::new(left), Box::new(self.product()?));
        }
        Ok(left)
    }

    pub(super) fn product(&mut self) -> Result<Len, String> {
        let mut left = self.atom()?;
        loop {
            if self.eat("*") {
                left = Len::Mul(Box::new(left), Box::new(self.atom()?));
            } else if self.eat("//") {
                left = Len::Div(Box::new(left), Box::new(self.atom()?));
            } else {
                return Ok(left);
            }
        }
    }

    pub(super) fn atom(&mut self) -> Result<Len, String> {
        match self.next()? {
            Token::Num(n) => Ok(Len::Num(n)),
            Token::Ident(name) => Ok(Len::Const(name)),
            Token::Punct("(") => {
                let inner = self.len()?;
                self.expect(")")?;
                Ok(inner)
            }
            t => Err(format!("expected a length, found {t:?} in {:?}", self.text)),
        }
    }
}

pub(super) fn parse_ty(text: &str) -> Result<Ty, String> {
    let mut p = Parser {
        text,
        tokens: tokenize(text)?,
        pos: 0,
    };
    let ty = p.ty()?;
    if p.pos != p.tokens.len() {
        return Err(format!("trailing tokens in {text:?}"));
    }
    Ok(ty)
}

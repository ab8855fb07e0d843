//! Paths written as text: `"validators[5].effective_balance"`.

use super::{PathError, PathStep, StepError, StepFault};

/// The steps of a path written as text (see [`gindex_of_str`](super::gindex_of_str)), each
/// parsed as it is reached; a step that does not parse is
/// [`PathErrorKind::Syntax`](super::PathErrorKind::Syntax) with its byte offset, and ends the steps.
pub fn parse_path(path: &str) -> PathSteps<'_> {
    PathSteps {
        path,
        offset: 0,
        position: 0,
        done: false,
    }
}

/// The iterator of [`parse_path`].
#[derive(Clone, Debug)]
pub struct PathSteps<'a> {
    path: &'a str,
    offset: usize,
    position: usize,
    done: bool,
}

impl<'a> PathSteps<'a> {
    fn syntax(&mut self, offset: usize) -> Option<Result<PathStep<'a>, PathError>> {
        self.done = true;
        let error = StepError {
            position: self.position,
            fault: StepFault::Syntax { offset },
        };
        Some(Err(error.into()))
    }
}

impl<'a> Iterator for PathSteps<'a> {
    type Item = Result<PathStep<'a>, PathError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.offset >= self.path.len() {
            return None;
        }
        let bytes = self.path.as_bytes();
        let mut start = self.offset;
        // A field after the first step is introduced by a dot.
        if self.position > 0 && bytes[start] == b'.' {
            start += 1;
        }
        let step = if bytes.get(start) == Some(&b'[') {
            let digits = start + 1;
            let end = digits
                + bytes[digits..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
            if end == digits || bytes.get(end) != Some(&b']') {
                return self.syntax(end);
            }
            // `self.path[digits..end]` is ASCII digits; too many of them
            // overflow `u64`, which is an out-of-range index, reported as a
            // syntax error since no type has such an index.
            let Ok(index) = self.path[digits..end].parse::<u64>() else {
                return self.syntax(digits);
            };
            self.offset = end + 1;
            PathStep::Index(index)
        } else {
            if self.position > 0 && start == self.offset {
                // A field must follow a dot.
                return self.syntax(start);
            }
            let end = start
                + bytes[start..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                    .count();
            if end == start {
                return self.syntax(start);
            }
            self.offset = end;
            match &self.path[start..end] {
                "__len__" => PathStep::Len,
                "__selector__" => PathStep::Selector,
                name => PathStep::Field(name),
            }
        };
        self.position += 1;
        Some(Ok(step))
    }
}

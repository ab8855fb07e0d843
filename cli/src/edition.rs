//! Which generated containers `--type` names: those of consensus-specs
//! v1.6.1 (`beacon`, phase0 to gloas and eip7805, the default) or those of
//! v1.7.0-alpha.13 (`beacon_v1_7`: fulu, gloas and heze), chosen by
//! `--edition`, the option that also picks a schema's merkleization.

use beacon_types::beacon::{self, ContainerVisitor};
use beacon_types::beacon_v1_7;
use peam_ssz_types::edition::{Edition, Rules, V1_6, V1_7};

use crate::args::PresetName;

/// An edition of the beacon containers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecEdition {
    /// consensus-specs v1.6.1: [`beacon`].
    V1_6,
    /// consensus-specs v1.7.0-alpha.13: [`beacon_v1_7`].
    V1_7,
}

impl SpecEdition {
    /// Every edition, the default first.
    pub const ALL: [SpecEdition; 2] = [SpecEdition::V1_6, SpecEdition::V1_7];

    /// The edition `--edition` names; v1.6.1 without it.
    pub fn of(rules: Option<Rules>) -> SpecEdition {
        match rules {
            Some(rules) if rules.name == V1_7::RULES.name => SpecEdition::V1_7,
            _ => SpecEdition::V1_6,
        }
    }

    /// The edition's rules (names, merkleization).
    pub fn rules(self) -> Rules {
        match self {
            SpecEdition::V1_6 => V1_6::RULES,
            SpecEdition::V1_7 => V1_7::RULES,
        }
    }

    /// The short name `--edition` takes (`v1.7`).
    pub fn short(self) -> &'static str {
        self.rules().short
    }

    /// The forks whose containers the edition defines, in order.
    pub fn forks(self) -> &'static [&'static str] {
        match self {
            SpecEdition::V1_6 => &beacon::FORKS,
            SpecEdition::V1_7 => &beacon_v1_7::FORKS,
        }
    }

    /// Calls `visitor` with every container of `fork` in this edition, for
    /// `preset`; `false` if the edition has no such fork.
    pub fn visit<V: ContainerVisitor>(
        self,
        preset: PresetName,
        fork: &str,
        visitor: &mut V,
    ) -> bool {
        match (self, preset) {
            (SpecEdition::V1_6, PresetName::Mainnet) => {
                beacon::visit_fork_containers::<beacon::Mainnet, V>(fork, visitor)
            }
            (SpecEdition::V1_6, PresetName::Minimal) => {
                beacon::visit_fork_containers::<beacon::Minimal, V>(fork, visitor)
            }
            (SpecEdition::V1_7, PresetName::Mainnet) => {
                beacon_v1_7::visit_fork_containers::<beacon_v1_7::Mainnet, V>(fork, visitor)
            }
            (SpecEdition::V1_7, PresetName::Minimal) => {
                beacon_v1_7::visit_fork_containers::<beacon_v1_7::Minimal, V>(fork, visitor)
            }
        }
    }

    /// The error of a fork this edition lacks: the forks it has, and the
    /// edition that has it, if one does.
    pub fn unknown_fork(self, fork: &str) -> String {
        let mut message = format!(
            "unknown fork {fork:?} in {} (its forks: {})",
            self.rules().name,
            self.forks().join(", ")
        );
        if let Some(other) = SpecEdition::ALL
            .into_iter()
            .find(|e| *e != self && e.forks().contains(&fork))
        {
            message.push_str(&format!(
                "; {fork} is a fork of {}: add --edition {}",
                other.rules().name,
                other.short()
            ));
        }
        message
    }
}

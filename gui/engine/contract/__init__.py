"""The rules contract: what a ruleset implements (base), its data schemas, and the pieces every
ruleset may use. A ruleset imports from here and from the layers below, never from another
ruleset."""

# Bad inputs of the text operators (ops/text/): an invalid RE2 pattern (refused with RE2's reason),
# an unknown case_change_action, a TfIdfVectorizer pool listing an n-gram twice. Sourced by
# tests/scripts/bad_inputs.sh.

text_node() { echo "node { name: \"t\" op_type: \"$1\" input: \"x\" output: \"y\" $2 }"; }
x_strings_2='name: "x" data_type: 8 dims: 2 string_data: ["a", "b"]'

# RegexFullMatch: a pattern RE2 refuses.
model text_regex_bad_pattern 9 20 "$(text_node RegexFullMatch 'attribute { name: "pattern" type: STRING s: "(a" }') $(declared x 8 2) $y_out"
input text_regex_bad_pattern "$x_strings_2"
expect_both text_regex_bad_pattern "node 't' (#0, RegexFullMatch-20): attribute 'pattern' = '(a' is not valid RE2 syntax: 'missing ): (a'"

# StringNormalizer: case_change_action must be LOWER, UPPER or NONE.
model text_normalizer_action 8 10 "$(text_node StringNormalizer 'attribute { name: "case_change_action" type: STRING s: "TITLE" }') $(declared x 8 2) $y_out"
input text_normalizer_action "$x_strings_2"
expect_both text_normalizer_action "node 't' (#0, StringNormalizer-10): attribute 'case_change_action' = 'TITLE' is none of LOWER, UPPER, NONE"

# TfIdfVectorizer: the pool lists one 1-gram twice.
model text_tfidf_duplicate 8 9 "$(text_node TfIdfVectorizer 'attribute { name: "min_gram_length" type: INT i: 1 }
  attribute { name: "max_gram_length" type: INT i: 1 } attribute { name: "max_skip_count" type: INT i: 0 }
  attribute { name: "mode" type: STRING s: "TF" } attribute { name: "ngram_counts" type: INTS ints: [0] }
  attribute { name: "ngram_indexes" type: INTS ints: [0, 1] } attribute { name: "pool_strings" type: STRINGS strings: ["a", "a"] }') $(declared x 8 2) $y_out"
input text_tfidf_duplicate "$x_strings_2"
expect_both text_tfidf_duplicate "node 't' (#0, TfIdfVectorizer-9): the pool lists its n-gram #1 twice"

# Descriptions of the slash commands, their options and choices, as Discord shows them. Command and option names
# stay English in every language; only these descriptions are translated.

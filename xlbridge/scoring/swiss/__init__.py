"""Swiss events: the next round's draw, its matching search, and a late entry's score."""
